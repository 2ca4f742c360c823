// The plant the alerts section watches: the virtual DTU as its own process, the companion as
// built for installing (lib/companion-build.ts, the installed file's node flags) in front of
// it at the same --speed, and a local webhook receiver as the alerts' one channel.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AlertsAnswer } from '@opendtu/api';
import type { LaunchedProcess } from '@opendtu/server-kit/launch-process';
import { launchEmulator } from '../../apps/emulator/src/launch';
import { launchBuiltCompanion } from '../lib/companion-build';
import { ADMIN } from '../lib/device';
import { startWebhookReceiver, type WebhookReceiver } from '../lib/webhook-receiver';
import { SETUPS } from './companion-history';

const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

export interface PlantOptions {
  /** The companion as built (lib/companion-build.ts). */
  server: string;
  speed: number;
  /** Device-local start, e.g. 2026-06-21T12:00. */
  time: string;
  inverters: number;
  /** Real ms between live-data pushes. */
  pushIntervalMs: number;
  /** The companion's further options (the --alert-* thresholds). */
  companionArgs: string[];
}

export interface Plant {
  dtu: string;
  companion: LaunchedProcess;
  receiver: WebhookReceiver;
  /** Sets a fault on purpose (POST /emulator/faults); answers Date.now() once it stands. */
  fault: (body: object) => Promise<number>;
  clearFaults: () => Promise<void>;
  alerts: () => Promise<AlertsAnswer>;
  /** GET with admin credentials on the DTU itself. */
  deviceJson: <T>(path: string) => Promise<T>;
  stop: () => Promise<void>;
}

export const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Waits until `check` holds, asking every `everyMs`; false when `timeoutMs` passed first. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 100) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await wait(everyMs);
  }
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: AUTH } });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export async function startPlant(options: PlantOptions): Promise<Plant> {
  const dataDir = mkdtempSync(join(tmpdir(), 'opendtu-bench-alerts-dtu-'));
  const companionDir = mkdtempSync(join(tmpdir(), 'opendtu-bench-alerts-'));
  const stops: (() => Promise<unknown>)[] = [
    async () => rmSync(dataDir, { recursive: true, force: true }),
    async () => rmSync(companionDir, { recursive: true, force: true }),
  ];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step();
  };
  try {
    const emulator = await launchEmulator({
      dataDir,
      args: [
        '--inverters',
        String(options.inverters),
        '--time',
        options.time,
        '--speed',
        String(options.speed),
        '--push-interval',
        String(options.pushIntervalMs),
      ],
      startTimeoutMs: 90_000,
    });
    stops.push(() => emulator.stop());
    const receiver = await startWebhookReceiver();
    stops.push(() => receiver.stop());
    const companion = await launchBuiltCompanion(
      options.server,
      SETUPS[0]!.nodeFlags,
      [
        ...['--device', emulator.url, '--data', companionDir, '--speed', String(options.speed)],
        ...['--alert-url', receiver.url, ...options.companionArgs],
      ],
      90_000,
    );
    stops.push(() => companion.stop());
    const faults = `${emulator.url}/emulator/faults`;
    return {
      dtu: emulator.url,
      companion,
      receiver,
      fault: async (body) => {
        const response = await fetch(faults, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!response.ok)
          throw new Error(`POST /emulator/faults ${JSON.stringify(body)}: ${response.status}`);
        return Date.now();
      },
      clearFaults: async () => {
        await fetch(faults, { method: 'DELETE' });
      },
      alerts: () => getJson<AlertsAnswer>(`${companion.url}/companion/api/alerts`),
      deviceJson: <T>(path: string) => getJson<T>(`${emulator.url}${path}`),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
