// Cold loads on the virtual device: navigation to live totals on screen (/), to an
// interactive settings form (/settings/network) and to the system information
// (/info/system), each with its first contentful paint, alternating between the bundles
// so both see the same machine state.
import type { Browser } from 'playwright-core';
import { openDevicePage } from '../lib/browser';
import { INSTALLATION, log, type Bundle } from '../lib/bundles';
import {
  configuredHostname,
  liveStatus,
  setPollInterval,
  statusHostname,
  waitForAllProducing,
} from '../lib/device';
import { startEmulator, type Emulator } from '../lib/emulator';
import { readinessProbe, totalPowerPattern, type ReadinessTargets, type ReadyKind } from '../readiness';

const SCREENS: readonly { kind: ReadyKind; path: string }[] = [
  { kind: 'liveTotals', path: '/' },
  { kind: 'settingsForm', path: '/settings/network' },
  { kind: 'systemInfo', path: '/info/system' },
];
/** A screen that is not ready by then counts as never ready for that bundle. */
const READY_TIMEOUT_MS = 20_000;
/** Longest poll interval the device takes: the data stands still during the loads. */
const FROZEN_POLL_S = 86_400;

/** Milliseconds from navigation to ready, per screen; undefined where it never got ready. */
export type LoadTimes = Record<ReadyKind, number[] | undefined>;
/** Milliseconds from navigation to the first contentful paint, per screen. */
export type PaintTimes = Record<ReadyKind, number[]>;

interface Target {
  bundle: Bundle;
  emulator: Emulator;
  targets: ReadinessTargets;
  times: LoadTimes;
  paints: PaintTimes;
}

async function prepare(bundle: Bundle): Promise<Target> {
  // 10x faster until every inverter has answered once, then frozen, so the total power the
  // page must show is known and stays put.
  const emulator = await startEmulator({ webapp: bundle.dir, ...INSTALLATION, speed: 10 });
  await waitForAllProducing(emulator.url, 60_000);
  await setPollInterval(emulator.url, FROZEN_POLL_S);
  await new Promise((done) => setTimeout(done, 1000));
  const { total } = await liveStatus(emulator.url);
  const targets = {
    powerPattern: totalPowerPattern(total.Power.v, total.Power.d),
    hostname: await configuredHostname(emulator.url),
    systemHostname: await statusHostname(emulator.url),
  };
  return {
    bundle,
    emulator,
    targets,
    times: { liveTotals: [], settingsForm: [], systemInfo: [] },
    paints: { liveTotals: [], settingsForm: [], systemInfo: [] },
  };
}

async function loadOnce(
  browser: Browser,
  target: Target,
  kind: ReadyKind,
  path: string,
): Promise<{ ready: number; paint: number | undefined } | undefined> {
  const { page, close } = await openDevicePage(
    browser,
    target.emulator.url,
    readinessProbe(kind, target.targets),
  );
  try {
    await page.goto(`${target.emulator.url}${path}`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      `window.__benchReady && window.__benchReady.${kind}`,
      undefined,
      {
        polling: 100,
        timeout: READY_TIMEOUT_MS,
      },
    );
    const ready = (await handle.jsonValue()) as number;
    // The paint entry may be reported a moment after the screen is ready.
    await page
      .waitForFunction('window.__benchReady.paint !== undefined', undefined, { timeout: 2000 })
      .catch(() => undefined);
    const paint = (await page.evaluate('window.__benchReady.paint')) as number | undefined;
    return { ready, paint };
  } catch {
    return undefined;
  } finally {
    await close();
  }
}

export async function measureLoads(
  browser: Browser,
  bundles: Bundle[],
  loads: number,
): Promise<Map<string, { times: LoadTimes; paints: PaintTimes }>> {
  const targets: Target[] = [];
  try {
    for (const bundle of bundles) targets.push(await prepare(bundle));
    for (let round = 0; round < loads; round += 1) {
      log(`  load ${round + 1}/${loads}`);
      const order = round % 2 ? [...targets].reverse() : targets;
      for (const target of order) {
        for (const { kind, path } of SCREENS) {
          const times = target.times[kind];
          if (!times) continue;
          const result = await loadOnce(browser, target, kind, path);
          if (result === undefined) target.times[kind] = undefined;
          else times.push(result.ready);
          if (result?.paint !== undefined) target.paints[kind].push(result.paint);
        }
      }
    }
  } finally {
    for (const target of targets) await target.emulator.stop();
  }
  return new Map(targets.map((t) => [t.bundle.label, { times: t.times, paints: t.paints }]));
}
