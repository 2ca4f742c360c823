import { expect, type Page } from '@playwright/test';

/**
 * Presses Tab until the focused element matches `selector` and, when given, has `name` as
 * its text or aria-label; checks the focus is visible there (keyboard-only journeys).
 */
export async function tabTo(page: Page, selector: string, name?: string): Promise<void> {
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(
      ([sel, wanted]) => {
        const el = document.activeElement;
        if (!el || !el.matches(sel!)) return false;
        return (
          wanted === undefined ||
          el.textContent?.trim() === wanted ||
          el.getAttribute('aria-label') === wanted
        );
      },
      [selector, name] as const,
    );
    if (found) {
      expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${selector} ${name ?? ''}`);
}
