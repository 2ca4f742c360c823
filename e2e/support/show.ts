import { expect, type Page } from '@playwright/test';

/** Shows a route the way the app's links do (no reload), and waits until it has rendered. */
export async function show(page: Page, path: string): Promise<void> {
  await page.evaluate(async (to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    // The router re-renders on the event; two frames later the new screen is painted.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }, path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.spinner-border'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
}
