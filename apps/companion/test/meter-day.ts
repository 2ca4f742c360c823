// A simulated day of the virtual DTU's house (--household --meter-port 0 at a high
// --speed) with the companion reading its grid meter (issue 45), and what the emulator
// itself says the house used, the inverters fed and the grid gave and took that day
// (GET /emulator/energy on the meter's port): the truth the companion's figures are
// checked against. Time is the device's: the day starts before its midnight and the test
// waits until the device's clock has passed the next one.
import { deviceWallTime, type EnergyAnswer, type EnergyFlowFields } from '@opendtu/api';
import { afterEach, expect } from 'vitest';
import { parseControlOptions } from '../src/control/options';
import { parseMeterSpec } from '../src/meter/meter-spec';
import { ADMIN_AUTH, call, startCompanion, tempDir, until, type TestCompanion } from './helpers';
import { startHouse, type House } from './house';

export interface DayTruth {
  house_wh: number;
  fed_wh: number;
  import_wh: number;
  export_wh: number;
}

/** The device's local date and time now, "YYYY-MM-DDTHH:MM:SS". */
export async function deviceTime(deviceUrl: URL): Promise<string> {
  const { body } = await call(new URL('api/ntp/status', deviceUrl).href, { auth: ADMIN_AUTH });
  const wall = deviceWallTime((body as { ntp_localtime: string }).ntp_localtime);
  return wall === undefined ? '' : new Date(wall).toISOString().slice(0, 19);
}

/** Waits until the device's clock reads `local` ("YYYY-MM-DDTHH:MM") or later. */
export async function untilDeviceTime(deviceUrl: URL, local: string, timeoutMs: number): Promise<void> {
  await until(
    async () => (await deviceTime(deviceUrl)) >= local,
    timeoutMs,
    `the device's clock at ${local}`,
  );
}

export interface DayRun {
  house: House;
  companion: TestCompanion;
  /** Sets a fault on the virtual DTU (the meter's faults live there too). */
  fault: (body: object) => Promise<void>;
  clearFaults: () => Promise<void>;
  /** The emulator's account of `day`, and the companion's figures of it. */
  result: (day: string) => Promise<{ truth: DayTruth; figures: EnergyFlowFields }>;
  stop: () => Promise<void>;
}

export interface DayOptions {
  /** Where the day starts on the device's clock ("2026-06-20T23:40"). */
  start: string;
  speed: number;
  /** The meter form the companion reads (`shelly-pro-3em`, `tasmota`, ...). */
  form: string;
  /** Zero export on the same meter. */
  control?: boolean;
  seed?: number;
}

export async function startDay(options: DayOptions): Promise<DayRun> {
  const house = await startHouse(await tempDir('meter-day-device'), options.start, [
    ...['--speed', String(options.speed)],
    ...['--household-seed', String(options.seed ?? 32)],
    // A frame every 100 real ms: the recorder sees the inverters every few device minutes.
    ...['--push-interval', '100'],
  ]);
  const meterText = `${options.form}:${house.meterUrl}`;
  const values: Record<string, string | undefined> = { 'control-meter': meterText };
  const control = options.control
    ? parseControlOptions(
        (name) => `--${name}`,
        (name) => values[name],
      )
    : undefined;
  const companion = await startCompanion(house.device.url, {
    password: 'openDTU42',
    speed: options.speed,
    meter: parseMeterSpec(meterText),
    control,
  });
  const faults = new URL('emulator/faults', house.device.url).href;
  return {
    house,
    companion,
    fault: async (body) => {
      const answer = await fetch(faults, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`fault ${JSON.stringify(body)}: HTTP ${answer.status}`);
    },
    clearFaults: async () => {
      await fetch(faults, { method: 'DELETE' });
    },
    result: async (day) => {
      const truth = (
        (await call(`${house.meterUrl}/emulator/energy`)).body as { days: Record<string, DayTruth> }
      ).days[day]!;
      const { body } = await call(`${companion.url}/companion/api/energy?by=day&from=${day}&to=${day}`, {
        auth: ADMIN_AUTH,
      });
      const [period] = (body as EnergyAnswer).periods;
      return { truth, figures: period! };
    },
    stop: async () => {
      await companion.close();
      await house.stop();
    },
  };
}

/** The companion's figures beside the truth, as a line for the test's output and the report. */
export function comparison(
  truth: DayTruth,
  figures: EnergyFlowFields,
): Record<string, [number, number | null]> {
  return {
    produced: [truth.fed_wh, figures.produced_wh],
    exported: [truth.export_wh, figures.exported_wh],
    imported: [truth.import_wh, figures.imported_wh],
    self_used: [Math.round((truth.fed_wh - truth.export_wh) * 10) / 10, figures.self_used_wh],
    consumption: [truth.house_wh, figures.consumption_wh],
  };
}

/**
 * The day the truth tests check: 2026-06-21 on the device, run at 1200 times real speed from
 * 21:00 the evening before until 00:20 after it, the meter read through its Tasmota form.
 */
export const TRUTH_DAY = { date: '2026-06-21', start: '2026-06-20T21:00', end: '2026-06-22T00:20' };
const TRUTH_SPEED = 1200;
/** The real time those 28 device hours take, and a minute to spare. */
export const TRUTH_DAY_REAL_MS = (28 * 3_600_000) / TRUTH_SPEED + 60_000;

/** Starts runs of the truth day (with zero export or without), each stopped after its test. */
export function truthDayRuns(): (options?: { control?: boolean }) => Promise<DayRun> {
  let run: DayRun | undefined;
  afterEach(async () => {
    await run?.stop();
    run = undefined;
  });
  return async ({ control } = {}) => {
    run = await startDay({ start: TRUTH_DAY.start, speed: TRUTH_SPEED, form: 'tasmota', control });
    return run;
  };
}

/** Each of the companion's figures (logged beside the truth) within 1 % of it, 10 Wh below 1 kWh. */
export function expectNearTruth(result: Awaited<ReturnType<DayRun['result']>>): void {
  const figures = comparison(result.truth, result.figures);
  console.log(JSON.stringify(figures));
  for (const [name, [truth, figure]] of Object.entries(figures)) {
    expect(figure, name).not.toBeNull();
    expect(Math.abs(figure! - truth), `${name}: ${figure} Wh, truth ${truth} Wh`).toBeLessThanOrEqual(
      Math.max(Math.abs(truth) * 0.01, 10),
    );
  }
}
