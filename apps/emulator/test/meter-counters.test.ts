/* eslint-disable @typescript-eslint/no-explicit-any -- the meter's answer is read field by field */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METER_FILE } from '../src/meter/counters-file';
import { processPerTest } from './helpers';
import { meterUrlOf } from './meter-helpers';

/**
 * The grid meter's counters across a restart of the emulator: a real meter's never start
 * again by themselves, and a client takes counters that read less than before for a meter
 * replaced. The house is simulated 600 times faster, so its counters move within seconds.
 */
const START = '2026-06-21T19:30';
const ARGS = ['--household', '--household-seed', '5', '--meter-port', '0', '--speed', '600'];

const emulator = processPerTest('meter-counters');
const meterUrl = (): Promise<string> => meterUrlOf(emulator.running()!);

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);
const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Each phase's counters (Wh) in the Shelly 3EM's answer. */
async function counters(url: string): Promise<{ imported: number[]; exported: number[] }> {
  const answer = await fetch(`${url}/status`);
  expect(answer.status).toBe(200);
  const { emeters } = (await answer.json()) as any;
  return { imported: emeters.map((e: any) => e.total), exported: emeters.map((e: any) => e.total_returned) };
}

describe("the grid meter's counters", () => {
  it('go on after a restart from where they stood, not from their first values', async () => {
    await emulator.start(START, ARGS);
    const first = await counters(await meterUrl());
    await wait(3000);
    const before = await counters(await meterUrl());
    // An evening: the house draws from the grid.
    expect(sum(before.imported)).toBeGreaterThan(sum(first.imported) + 10);

    await emulator.restart();
    const after = await counters(await meterUrl());
    after.imported.forEach((wh, phase) => expect(wh).toBeGreaterThanOrEqual(before.imported[phase]!));
    after.exported.forEach((wh, phase) => expect(wh).toBeGreaterThanOrEqual(before.exported[phase]!));
  });

  it('start from their first values when the saved file is not the counters', async () => {
    await emulator.start(START, ARGS);
    const seeded = await counters(await meterUrl());
    await emulator.running()!.stop();
    const file = join(emulator.folder()!, METER_FILE);
    const kept = JSON.parse(await readFile(file, 'utf8'));
    expect(kept.phaseImportWh).toHaveLength(3);

    await writeFile(file, '{"importWh": "lots"}');
    await emulator.restart();
    const again = await counters(await meterUrl());
    // As on the first start (a few device seconds of the house at most in between).
    again.imported.forEach((wh, phase) => expect(wh).toBeCloseTo(seeded.imported[phase]!, -2));
  });
});
