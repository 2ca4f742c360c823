import { ROUTES } from '../../apps/web/src/lib/route-paths';
import { expect, test } from '../support/fixtures';
import { show } from '../support/show';

/**
 * Issue 26, every width: each route of ROUTES at phone, tablet and desktop widths in
 * English, German and French has no horizontal scroll, and the navigation bar never
 * grows over the page title (it collapses before it would wrap). One page per language
 * walks the routes in the app's own navigation and resizes in place.
 */

const WIDTHS = [320, 390, 768, 820, 1024, 1366];

test.use({ emulatorArgs: ['--time', '2026-06-21T12:30'] });

for (const locale of ['en', 'de', 'fr']) {
  test(`no horizontal scroll on any route at any width, in ${locale}`, async ({ loggedIn: page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((wanted) => localStorage.setItem('locale', wanted), locale);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const found: string[] = [];
    for (const path of Object.values(ROUTES)) {
      await show(page, path);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        // Layout after the resize (two frames: the navbar measures in a layout effect).
        const layout = await page.evaluate(
          () =>
            new Promise<{ scroll: number; width: number; navBottom: number; titleTop: number }>((done) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  done({
                    scroll: document.scrollingElement!.scrollWidth,
                    width: innerWidth,
                    navBottom: document.querySelector('nav')!.getBoundingClientRect().bottom,
                    titleTop: document.querySelector('h1')!.getBoundingClientRect().top + scrollY,
                  }),
                ),
              ),
            ),
        );
        if (layout.scroll > layout.width) found.push(`${path} at ${width} px: ${layout.scroll} px wide`);
        if (layout.navBottom > layout.titleTop)
          found.push(`${path} at ${width} px: navigation over the title`);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
    console.log(
      `widths, ${locale}: ${Object.keys(ROUTES).length} routes x ${WIDTHS.length} widths, none too wide`,
    );
  });
}
