import { expect, type Page, type Route } from '@playwright/test';

/** An element's place as the test compares it: its key, box, and own text. */
export interface Placed {
  key: string;
  box: [x: number, y: number, width: number, height: number];
  text: string;
  /** Whether its text ticks by itself (the data age), so only its place counts. */
  ticking: boolean;
  /** Whether it holds elements: it may grow by what the app adds below them. */
  parent: boolean;
  /** Its colours: text, background and border, as computed. */
  colours: string;
}

export interface TakeOver {
  /** Every element of the first paint as last laid out before the app replaced it. */
  painted: Placed[];
  /** The same of React's first committed screen, as the browser paints it. */
  rendered: Placed[];
  /** Layout shifts reported since navigation: value, when, and what moved (its boxes before and after). */
  shifts: { value: number; at: number; moved: string[] }[];
  /** When the first frame after React's first commit had been rendered (ms since navigation). */
  settled?: number;
}

/**
 * Runs in the page from document start. After each change of #app it records every element
 * there: while the markup is index.html's first paint (no React fiber on it), as `painted`
 * (the last one wins); at the first change that shows React's elements, as `rendered`. A
 * mutation observer runs after the task that made the change, so React's commit and its
 * layout effects (the navbar's fit) are complete, and nothing has been painted in between.
 * An element's key is its tag and classes with those of its ancestors, and how many before
 * it had the same.
 */
const RECORDER = `(() => {
  const result = (window.__takeOver = { painted: [], rendered: [], shifts: [] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const moved = (entry.sources || []).map((source) => {
        const node = source.node;
        const name = node && node.nodeType === 1 ? node.tagName + '.' + [...node.classList].join('.') : String(node && node.nodeName);
        return name + ' ' + JSON.stringify(source.previousRect) + ' -> ' + JSON.stringify(source.currentRect);
      });
      result.shifts.push({ value: entry.value, at: entry.startTime, moved });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const name = (el) => el.tagName.toLowerCase() + [...el.classList].sort().map((c) => '.' + c).join('');
  const record = (app) => {
    const seen = new Map();
    return [...app.querySelectorAll('*')].map((el) => {
      let path = name(el);
      for (let up = el.parentElement; up && up !== app; up = up.parentElement) path = name(up) + '>' + path;
      const n = (seen.get(path) || 0) + 1;
      seen.set(path, n);
      const r = el.getBoundingClientRect();
      const text = [...el.childNodes].filter((c) => c.nodeType === 3).map((c) => c.data).join('').replace(/\\s+/g, ' ').trim();
      return {
        key: path + '#' + n,
        box: [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 2) / 2),
        text,
        ticking: el.hasAttribute('data-age'),
        parent: el.childElementCount > 0,
        colours: ['color', 'background-color', 'border-top-color'].map((name) => getComputedStyle(el).getPropertyValue(name)).join(' '),
      };
    });
  };
  const isReact = (el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  new MutationObserver(() => {
    const app = document.getElementById('app');
    const first = app && app.firstElementChild;
    if (!first) return;
    if (!isReact(first)) result.painted = record(app);
    else if (!result.rendered.length) {
      result.rendered = record(app);
      // The second animation frame from here runs once the first frame with React's screen
      // has been rendered: a layout shift of the take-over is reported before it.
      requestAnimationFrame(() => requestAnimationFrame(() => (result.settled = performance.now())));
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

/** Holds app.js back until `release` is called, so the first paint can be looked at alone. */
export async function holdApp(page: Page): Promise<{ release: () => Promise<void> }> {
  let held: Route | undefined;
  let arrived: () => void = () => {};
  const asked = new Promise<void>((done) => (arrived = done));
  await page.route('**/js/app.js', (route) => {
    held = route;
    arrived();
  });
  await page.addInitScript(RECORDER);
  return {
    release: async () => {
      await asked;
      await held!.continue();
    },
  };
}

export const takeOver = (page: Page): Promise<TakeOver> =>
  page.evaluate(() => (window as unknown as { __takeOver: TakeOver }).__takeOver);

/**
 * What of the first paint React's first render shows elsewhere, otherwise or not at all.
 * Every element must keep its place, width and colours (a rule the paint's CSS lacks shows
 * here), and one without elements in it its height and text too; one that holds elements may grow by what the app adds below them (the
 * channel cards, the chart). The data age is held to its place only: its seconds tick.
 */
export function differences({ painted, rendered }: TakeOver): string[] {
  const byKey = new Map(rendered.map((placed) => [placed.key, placed]));
  return painted.flatMap((mine) => {
    const theirs = byKey.get(mine.key);
    if (!theirs) return [`${mine.key}: not in React's first render`];
    const box = mine.ticking ? [0, 1] : mine.parent ? [0, 1, 2] : [0, 1, 2, 3];
    const moved = box.some((i) => mine.box[i] !== theirs.box[i]);
    const changed = !mine.ticking && mine.text !== theirs.text;
    return [
      ...(moved ? [`${mine.key}: box ${mine.box.join(',')} became ${theirs.box.join(',')}`] : []),
      ...(changed ? [`${mine.key}: text "${mine.text}" became "${theirs.text}"`] : []),
      ...(mine.colours !== theirs.colours
        ? [`${mine.key}: colours ${mine.colours} became ${theirs.colours}`]
        : []),
    ];
  });
}

export interface Look {
  width: number;
  locale: 'en' | 'de' | 'fr';
  theme: 'light' | 'dark';
  path?: string;
}

/** Counts the page's requests by path and query. */
function countRequests(page: Page): (path: string) => number {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    paths.push(url.pathname + url.search);
  });
  return (path) => paths.filter((p) => p === path).length;
}

/**
 * Opens the live view with app.js held back until the first paint shows the totals and the
 * power of the inverter shown, then lets the app take over and checks that it shows the
 * same in the same places, that nothing shifted from navigation until the app's first
 * screen had been rendered, and that the app asked for nothing the paint had. (Later frames
 * change values in place, as they always did: a wider number may move its neighbours.)
 */
export async function paintThenTakeOver(page: Page, { width, locale, theme, path = '/' }: Look) {
  await page.setViewportSize({ width, height: 900 });
  await page.addInitScript(
    (stored) => {
      localStorage.setItem('locale', stored.locale);
      localStorage.setItem('theme', stored.theme);
    },
    { locale, theme },
  );
  const count = countRequests(page);
  const app = await holdApp(page);
  await page.goto(path, { waitUntil: 'commit' });
  // Only the first paint can show these: app.js has not arrived.
  await expect(page.locator('#app [data-live-totals]')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
  // Its power comes with the first frame about it (0 W at night): within a second of a
  // first socket, at the next regular push (10 s) while another page had one open.
  await expect(page.locator('main section.card h2 [data-state]')).toContainText(/\d W$/, {
    timeout: 15_000,
  });
  await app.release();
  // React's screen: the selected inverter's channels, which the first paint leaves out.
  await expect(page.locator('[data-channel="INV0"]')).toBeVisible();
  await page.waitForFunction(() => (window as unknown as { __takeOver: TakeOver }).__takeOver.settled);
  const result = await takeOver(page);
  expect(result.painted.length).toBeGreaterThan(50);
  expect(result.rendered.length).toBeGreaterThan(result.painted.length);
  expect(differences(result)).toEqual([]);
  const shifts = result.shifts.filter((shift) => shift.at < result.settled!);
  expect(
    shifts.map((shift) => shift.value),
    shifts.flatMap((shift) => shift.moved).join('\n'),
  ).toEqual([]);
  // The app took the paint's answers: the list and the clock were asked for once.
  expect(count('/api/livedata/status')).toBe(1);
  expect(count('/api/ntp/status')).toBe(1);
  return page;
}
