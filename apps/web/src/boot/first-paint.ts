// The live view's first screen, painted by index.html before app.js has arrived
// (docs/internals/load-and-frames.md): the frame at once, then hints, totals and the
// inverters as soon as the early live answer (api/early.ts) is in, updated by each early
// frame. It merges them as the live store does and hands what it shows to the store
// (`__early.takePaint`, api/early.ts); the store starts from exactly that, so React's first
// render replaces this markup with the same (the first commit clears #app) and nothing is
// asked again.
// The build bundles this file into index.html (build/first-paint.ts) with the texts of
// first-paint-keys.ts.
import { parseLiveFrame, type LiveDataResponse, type LiveInverterCommon, type NtpStatus } from '@opendtu/api';
import texts from 'virtual:first-paint-labels';
import type { Early } from '../api/early';
import { clockOf, type DeviceClock } from '../lib/device-clock';
import { brandIconFor } from '../lib/holidays';
import { EMPTY_LIVE_STATE, mergeLive, type LiveState } from '../lib/live-merge';
import type { FirstPaintKey } from './first-paint-keys';
import { liveHtml, type LiveContext } from './live-markup';
import { fitNavbar, navbarHtml, pageFrameHtml, type ShellContext } from './shell-markup';

const LANGUAGES = ['en', 'de', 'fr'];

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The body of an early JSON answer, undefined for anything else (the app then asks itself). */
const body = <T>(answer: Promise<Response | undefined> | undefined): Promise<T | undefined> =>
  Promise.resolve(answer)
    .then((response) =>
      response?.ok && !response.headers.get('Content-Type')?.startsWith('text/html')
        ? (response.clone().json() as Promise<T>)
        : undefined,
    )
    .catch(() => undefined);

function paint(early: Early, app: HTMLElement): void {
  // The app's language as its first render picks it (i18n/languages.ts): the stored one or
  // the browser's; one the build does not hold is shown in English until its pack came.
  const wantedLocale = stored('locale') || (navigator.language || 'en').split('-')[0]!.toLowerCase();
  const language = Math.max(0, LANGUAGES.indexOf(wantedLocale));
  const locale = LANGUAGES[language]!;
  // The build turns each key into its index (build/first-paint.ts).
  const t = (key: FirstPaintKey, params: Record<string, string> = {}) =>
    texts[language]![key]!.replace(/\{(\w+)\}/g, (_all, name: string) => params[name] ?? '');
  const theme = stored('theme');
  const base = new URL(document.baseURI).pathname.replace(/\/$/, '');
  const shell: ShellContext = {
    t,
    locale,
    base,
    loggedIn: !!early.auth,
    theme: theme === 'light' || theme === 'dark' ? theme : 'auto',
    brand: brandIconFor(new Date()),
  };
  let state: LiveState | undefined;
  let clock: DeviceClock | undefined;
  // The inverters' states wait for the device's NTP status (or its failure): without it an
  // inverter asleep at night would show as unreachable, then change, moving what follows.
  let clockAsked = false;
  // Set when the app took the paint: from then on later frames are the app's alone.
  let taken = false;
  early.takePaint = (authorization) => {
    if (taken) return undefined;
    taken = true;
    if (!state || (early.auth ?? null) !== authorization) return undefined;
    delete early.get['api/livedata/status'];
    return { state, clock };
  };
  document.documentElement.lang = locale;
  app.innerHTML = `${navbarHtml(shell)}<main id="main" class="container-xxl" tabindex="-1"></main>`;
  fitNavbar(app.firstElementChild as HTMLElement);
  const main = app.lastElementChild!;

  const show = (): void => {
    // Once the app has the page (or took what this shows), it alone draws.
    if (taken || !main.isConnected) return;
    for (const data of (state && early.frames?.splice(0)) || []) {
      const frame = parseLiveFrame(data);
      if (frame) state = mergeLive(state!, frame, Date.now());
    }
    const context: LiveContext = {
      ...shell,
      clock,
      wanted: new URLSearchParams(location.search).get('inv'),
      now: Date.now(),
    };
    main.innerHTML = pageFrameHtml(t, !!state, clockAsked ? liveHtml(context, state) : '');
  };
  show();
  early.onframe = show;
  void body<LiveDataResponse<LiveInverterCommon>>(early.get['api/livedata/status']).then((list) => {
    if (!list || taken) return;
    state = mergeLive(EMPTY_LIVE_STATE, list, Date.now(), true);
    show();
  });
  void body<NtpStatus>(early.get['api/ntp/status']).then((status) => {
    clockAsked = true;
    if (status) clock = clockOf(status);
    show();
  });
}

const early = (window as { __early?: Early }).__early;
const app = document.getElementById('app');
if (early?.route === '' && app) paint(early, app);
