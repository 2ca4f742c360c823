import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/**
 * Hard ceiling for js/app.js.gz with every screen: 135,900 bytes. It was raised to 142,000
 * when a wave of screens (overview, firmware adaptation, connection states, the history
 * line) outgrew the squeeze (141,324), back at 140,000 since the shared pieces of issue 43
 * (139,761 on 2026-11-29), and 137,500 since app.js takes the first paint's CSS from
 * index.html (137,418: docs/internals/bundle-size.md#the-flash-round), 135,800 since the
 * minifier shortens React's own property names (135,770: build/react-internals.ts), and
 * 135,900 since live frames render in a task of their own with the clock moved in their
 * render (135,859: 0 long tasks and about 10 ms less a frame, docs/internals/load-and-frames.md). The
 * reference firmware's is 194,149; issue 46's goal of 136,000 is met, the goal beyond,
 * 116,000, not.
 */
const APP_JS_GZ_BUDGET = 135_900;

/**
 * The six files together as stored in flash, held so no file of the folder grows
 * unnoticed: 149,227 bytes since the icons became palette PNGs (2026-11-27), 159,536 since
 * index.html paints the live view before app.js has run (its markup, code, CSS and texts
 * in three languages, +9.6 kB: docs/internals/load-and-frames.md), 157,133 on 2026-11-29,
 * 154,798 since app.js no longer holds the first paint's CSS a second time, 153,150 since
 * React's property names are shortened, 153,255 with live frames in a task of their own. Issue 46 holds
 * the folder under 0.75x of the original v25.4.10's 206,663 (154,997); the goal beyond is
 * 124,000.
 */
const FOLDER_BUDGET = 153_300;

test('the build is exactly the six files of the device bundle', async () => {
  const files = (await readdir(DIST, { recursive: true })).map((f) => f.split('\\').join('/'));
  const regular: string[] = [];
  for (const file of files) if ((await stat(join(DIST, file))).isFile()) regular.push(file);
  expect(regular.sort()).toEqual([
    'favicon.ico',
    'favicon.png',
    'index.html.gz',
    'js/app.js.gz',
    'site.webmanifest',
    'zones.json.gz',
  ]);
});

test(`js/app.js.gz stays within ${APP_JS_GZ_BUDGET} bytes`, async () => {
  const { size } = await stat(join(DIST, 'js/app.js.gz'));
  expect(size).toBeLessThanOrEqual(APP_JS_GZ_BUDGET);
});

test(`the whole folder stays within ${FOLDER_BUDGET} bytes`, async () => {
  let total = 0;
  for (const file of await readdir(DIST, { recursive: true })) {
    const info = await stat(join(DIST, file));
    if (info.isFile()) total += info.size;
  }
  expect(total).toBeLessThanOrEqual(FOLDER_BUDGET);
});
