/* eslint-disable @typescript-eslint/no-explicit-any -- the meter's answer is read field by field */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LaunchedEmulator } from '../src/launch';
import { METER_FILE } from '../src/meter/counters-file';
import { launchTestProcess } from './helpers';

/**
 * The grid meter's counters across a restart of the emulator: a real meter's never start
 * again by themselves, and a client takes counters that read less than before for a meter
 * replaced. The house is simulated 600 times faster, so its counters move within seconds.
 */
const START = '2026-06-21T19:30';
const ARGS = ['--household', '--household-seed', '5', '--meter-port', '0', '--speed', '600'];

let dataDir: string;
let child: LaunchedEmulator | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'opendtu-meter-counters-'));
});
afterEach(async () => {
  await child?.stop();
  child = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);
const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

async function start(): Promise<string> {
  child = await launchTestProcess(dataDir, START, ARGS);
  for (let tries = 0; tries < 100; tries += 1) {
    const url = /meter listening on (http:\/\/\S+)/.exec(child.output())?.[1];
    if (url) return url;
    await wait(100);
  }
  throw new Error(`no meter in:\n${child.output()}`);
}

/** Each phase's counters (Wh) in the Shelly 3EM's answer. */
async function counters(meterUrl: string): Promise<{ imported: number[]; exported: number[] }> {
  const answer = await fetch(`${meterUrl}/status`);
  expect(answer.status).toBe(200);
  const { emeters } = (await answer.json()) as any;
  return { imported: emeters.map((e: any) => e.total), exported: emeters.map((e: any) => e.total_returned) };
}

describe("the grid meter's counters", () => {
  it('go on after a restart from where they stood, not from their first values', async () => {
    let meterUrl = await start();
    const first = await counters(meterUrl);
    await wait(3000);
    const before = await counters(meterUrl);
    // An evening: the house draws from the grid.
    expect(sum(before.imported)).toBeGreaterThan(sum(first.imported) + 10);
    await child!.stop();

    meterUrl = await start();
    const after = await counters(meterUrl);
    after.imported.forEach((wh, phase) => expect(wh).toBeGreaterThanOrEqual(before.imported[phase]!));
    after.exported.forEach((wh, phase) => expect(wh).toBeGreaterThanOrEqual(before.exported[phase]!));
  });

  it('start from their first values when the saved file is not the counters', async () => {
    const meterUrl = await start();
    const seeded = await counters(meterUrl);
    await child!.stop();
    const kept = JSON.parse(await readFile(join(dataDir, METER_FILE), 'utf8'));
    expect(kept.phaseImportWh).toHaveLength(3);

    await writeFile(join(dataDir, METER_FILE), '{"importWh": "lots"}');
    const again = await counters(await start());
    // As on the first start (a few device seconds of the house at most in between).
    again.imported.forEach((wh, phase) => expect(wh).toBeCloseTo(seeded.imported[phase]!, -2));
  });
});
