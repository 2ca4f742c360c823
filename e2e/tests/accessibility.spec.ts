import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/lib/route-paths';
import { ADMIN, expect, test } from '../support/fixtures';
import { show } from '../support/show';

/**
 * Issue 16, accessibility: axe-core (injected by the test, never shipped) on every route
 * of the app, logged in and out, light and dark, at phone (390 px) and desktop (1280 px)
 * width: no serious or critical violation. One page per combination walks the routes
 * in the app's own navigation, so new screens are covered as they are added to ROUTES.
 */

const AXE = createRequire(import.meta.url).resolve('axe-core');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

const COMBINATIONS = (['out', 'in'] as const).flatMap((login) =>
  (['light', 'dark'] as const).flatMap((theme) => [390, 1280].map((width) => ({ login, theme, width }))),
);

async function seriousViolations(page: Page): Promise<Violation[]> {
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

let checks = 0;

test.describe('axe-core on every route', () => {
  for (const { login, theme, width } of COMBINATIONS) {
    test(`logged ${login}, ${theme}, ${width} px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript(
        ({ theme: wanted, user }) => {
          localStorage.setItem('theme', wanted);
          if (user) localStorage.setItem('user', user);
        },
        {
          theme,
          user:
            login === 'in'
              ? JSON.stringify({
                  authdata: Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64'),
                })
              : '',
        },
      );
      await page.goto('/');
      await page.addScriptTag({ path: AXE });
      const found: string[] = [];
      for (const path of Object.values(ROUTES)) {
        await show(page, path);
        expect(await page.locator('html').getAttribute('data-bs-theme')).toBe(theme);
        // Checked as the device answers: on a busy machine a socket may be refused for a
        // moment, and the greyed (frozen) values then would fail the contrast rule.
        await expect(page.locator('.frozen')).toHaveCount(0, { timeout: 15_000 });
        for (const v of await seriousViolations(page)) {
          found.push(
            `${path} [${v.impact}] ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
        }
        checks += 1;
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }

  test.afterAll(() => {
    // The count of (route x login state x theme x width) pages this worker checked.
    console.log(
      `accessibility: ${checks} axe checks in this worker (${Object.keys(ROUTES).length} routes per combination)`,
    );
  });
});
