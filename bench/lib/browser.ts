// Debian's Chromium as the end-to-end tests launch it (e2e/support/chromium.ts),
// and the virtual device every page runs on: CPU 4x slower, network shaped like Wi-Fi to
// an ESP32.
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../../e2e/support/chromium';
import { storedUser } from './device';

export const VIRTUAL_DEVICE = {
  cpuSlowdown: 4,
  /** Bytes per second. */
  downloadThroughput: 300_000,
  uploadThroughput: 150_000,
  latencyMs: 40,
};

export function describeVirtualDevice(): string {
  const d = VIRTUAL_DEVICE;
  return (
    `CPU ${d.cpuSlowdown}x slower, network ${d.downloadThroughput / 1000} kB/s down, ` +
    `${d.uploadThroughput / 1000} kB/s up, ${d.latencyMs} ms latency`
  );
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ headless: true, ...CHROMIUM_LAUNCH });
}

export interface DevicePage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  close: () => Promise<void>;
}

/**
 * A fresh context (empty cache: a cold load) logged in as admin the way both web apps keep
 * a login (localStorage `user`), with the readiness probe and the virtual device applied.
 */
export async function openDevicePage(
  browser: Browser,
  origin: string,
  initScript: string,
  throttleCpu = true,
): Promise<DevicePage> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: {
      cookies: [],
      origins: [{ origin, localStorage: [{ name: 'user', value: storedUser() }] }],
    },
  });
  await context.addInitScript(initScript);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: VIRTUAL_DEVICE.latencyMs,
    downloadThroughput: VIRTUAL_DEVICE.downloadThroughput,
    uploadThroughput: VIRTUAL_DEVICE.uploadThroughput,
  });
  if (throttleCpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: VIRTUAL_DEVICE.cpuSlowdown });
  await cdp.send('Performance.enable');
  return { context, page, cdp, close: () => context.close() };
}

/** Every counter of Performance.getMetrics by name (durations in seconds). */
export async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** One of the cumulative counters of Performance.getMetrics (TaskDuration, JSHeapUsedSize, ...). */
export async function metric(cdp: CDPSession, name: string): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === name)?.value ?? Number.NaN;
}
