import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** axe-core's serious and critical findings on the page as it is ("rule at selector, ..."). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core') });
  return page.evaluate(async () => {
    interface Found {
      id: string;
      impact: string | null;
      nodes: { target: string[] }[];
    }
    const { axe } = window as unknown as { axe: { run: (d: Document) => Promise<{ violations: Found[] }> } };
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/**
 * Switches to the dark theme and waits until its colours are all in place: buttons fade
 * theirs in over 150 ms (Bootstrap's transitions) while the background changes at once,
 * and axe checking in between measured light text on the dark card.
 */
export async function darkTheme(page: Page): Promise<void> {
  await page.evaluate(async () => {
    document.documentElement.setAttribute('data-bs-theme', 'dark');
    // getAnimations() brings the styles up to date first, so it holds the new transitions.
    await Promise.allSettled(document.getAnimations().map((animation) => animation.finished));
  });
}
