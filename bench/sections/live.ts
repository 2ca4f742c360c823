// Live updates on the virtual device: 10 inverters with 6 strings each, the emulator
// pushing at the device's shortest poll interval (1 s) and 10x faster, and the page's
// JavaScript heap after 1 and after 30 simulated minutes.
import type { Browser } from 'playwright-core';
import { metric, metrics, openDevicePage, type DevicePage } from '../lib/browser';
import { INSTALLATION, type Bundle } from '../lib/bundles';
import { deviceClock, liveStatus, setPollInterval } from '../lib/device';
import { dayOfHistory, seedHistoryScript } from '../lib/seed-history';
import { startEmulator, type Emulator } from '../lib/emulator';

/**
 * Collects long tasks (over 50 ms by definition) from document start, and switches CSS
 * animations off: the pulsing online marker would otherwise count as work of the frames
 * (it costs a 4x slower CPU about 0.2 s per second whether frames arrive or not).
 */
const PAGE_SCRIPT = `window.__benchLongTasks = [];
try {
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) { window.__benchLongTasks.push(entry.duration); });
  }).observe({ type: 'longtask', buffered: true });
} catch (error) {}
document.addEventListener('DOMContentLoaded', function () {
  var style = document.createElement('style');
  style.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; }';
  document.head.appendChild(style);
});`;

export interface UpdateFigures {
  /** Main-thread busy time divided by frames received, one sample per window (ms). */
  msPerFrame: number[];
  framesPerSecond: number;
  longTasks: number;
  /** Long tasks over the measured windows, per minute. */
  longTasksPerMinute: number;
  longestTaskMs: number;
}

export interface HeapFigures {
  /** JavaScript heap after garbage collection, bytes, a few samples around each mark. */
  atMinute1: number[];
  atMinute30: number[];
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * The live updates are measured at 21:00 on the device, the inverters still producing in
 * June: the page then has a day of chart history behind it, 1,261 minutes of the total and
 * of each of the 10 inverters (the owner's case by the evening with the tab open), the
 * most a producing day gives the chart to draw.
 */
export const LIVE_TIME = '2026-06-21T21:00';

interface Session {
  emulator: Emulator;
  device: DevicePage;
  frames: () => number;
}

async function open(
  browser: Browser,
  bundle: Bundle,
  speed: number,
  pushIntervalMs: number,
  throttleCpu: boolean,
  time: string = INSTALLATION.time,
): Promise<Session> {
  const emulator = await startEmulator({ webapp: bundle.dir, ...INSTALLATION, time, speed, pushIntervalMs });
  await setPollInterval(emulator.url, 1);
  // The day's chart history so far behind the page, as the app keeps it with the tab open.
  const serials = (await liveStatus(emulator.url)).inverters.map((inverter) => inverter.serial);
  const script = `${PAGE_SCRIPT}\n${seedHistoryScript(dayOfHistory(serials, await deviceClock(emulator.url)))}`;
  const device = await openDevicePage(browser, emulator.url, script, throttleCpu);
  let frames = 0;
  device.cdp.on('Network.webSocketFrameReceived', () => (frames += 1));
  await device.page.goto(`${emulator.url}/`, { waitUntil: 'load' });
  const end = Date.now() + 20_000;
  while (frames === 0 && Date.now() < end) await wait(100);
  if (frames === 0) throw new Error(`${bundle.label}: no live-data frame arrived`);
  return { emulator, device, frames: () => frames };
}

async function close(session: Session): Promise<void> {
  await session.device.close();
  await session.emulator.stop();
}

const longTasks = (session: Session): Promise<number[]> =>
  session.device.page.evaluate('window.__benchLongTasks.slice()') as Promise<number[]>;

export async function measureUpdates(
  browser: Browser,
  bundle: Bundle,
  options: { speed: number; pushIntervalMs: number; windows: number; windowMs: number },
): Promise<UpdateFigures> {
  const session = await open(browser, bundle, options.speed, options.pushIntervalMs, true, LIVE_TIME);
  try {
    // The first render of all inverters is load, not update: let it pass.
    await wait(2000);
    const { cdp } = session.device;
    const tasksBefore = (await longTasks(session)).length;
    const startFrames = session.frames();
    const start = Date.now();
    const msPerFrame: number[] = [];
    for (let i = 0; i < options.windows; i += 1) {
      const before = await metrics(cdp);
      const frames0 = session.frames();
      await wait(options.windowMs);
      const after = await metrics(cdp);
      const frames = session.frames() - frames0;
      if (frames === 0) continue;
      // Seconds of tasks, less the time DevTools spent answering these very calls.
      const busy =
        after.TaskDuration! -
        before.TaskDuration! -
        (after.DevToolsCommandDuration! - before.DevToolsCommandDuration!);
      msPerFrame.push((busy * 1000) / frames);
    }
    const seconds = (Date.now() - start) / 1000;
    const tasks = (await longTasks(session)).slice(tasksBefore);
    return {
      msPerFrame,
      framesPerSecond: (session.frames() - startFrames) / seconds,
      longTasks: tasks.length,
      longTasksPerMinute: (tasks.length * 60) / seconds,
      longestTaskMs: Math.max(0, ...tasks),
    };
  } finally {
    await close(session);
  }
}

/**
 * The heap once 1 and 30 minutes of device time have passed, the device running `speed`
 * times faster (its pushes too), so 30 minutes of frames arrive in 30/speed minutes.
 */
export async function measureHeap(browser: Browser, bundle: Bundle, speed: number): Promise<HeapFigures> {
  const session = await open(browser, bundle, speed, 1000 / speed, true);
  try {
    const start = Date.now();
    const heapAt = async (minute: number): Promise<number> => {
      const due = start + (minute * 60_000) / speed;
      await wait(Math.max(0, due - Date.now()));
      await session.device.cdp.send('HeapProfiler.collectGarbage');
      return metric(session.device.cdp, 'JSHeapUsedSize');
    };
    const atMinute1: number[] = [];
    for (const minute of [1, 1.5, 2]) atMinute1.push(await heapAt(minute));
    const atMinute30: number[] = [];
    for (const minute of [29, 29.5, 30]) atMinute30.push(await heapAt(minute));
    return { atMinute1, atMinute30 };
  } finally {
    await close(session);
  }
}
