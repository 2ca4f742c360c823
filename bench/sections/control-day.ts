// One simulated day of zero export: the real emulator with its house and grid meter, the
// real companion with the controller pointed at the meter's Shelly Pro 3EM form, both
// processes as a user starts them. The bench only watches: the meter's power (its Shelly
// Gen1 form, which carries the device's clock), its netted energy counters (its Tasmota
// form), the day's yield and the controller's command list.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ControlAnswer, ControlCommand } from '@opendtu/api';
import { launchCompanion } from '../../apps/companion/src/launch';
import type { WeatherClass } from '../../apps/emulator/src/sim/weather';
import { launchEmulator } from '../../apps/emulator/src/launch';
import { log } from '../lib/bundles';
import { ADMIN } from '../lib/device';
import { meterStandIn, silenceInverter, type FaultPlan, type MeterStandIn } from './control-fault';
import { dateWithWeather, deviceInstant, kettleSteps, type DateText, type LoadStep } from './control-plan';

/** Fixed, so every run has the same house (and so the same kettle times). */
export const HOUSEHOLD_SEED = 32;
const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
/** Real ms between two readings of the meter (the controller reads it every 2 s). */
const SAMPLE_MS = 250;
/** Real ms between two reads of the command list (it keeps the latest 50). */
const COMMANDS_MS = 1000;
const START_TIMEOUT_MS = 120_000;
/**
 * Device minutes the controller runs before the watched span: it starts at the plant's own
 * limits and first learns them, a transient an owner sees once (and at dawn, not at 10:00).
 */
const WARM_UP_MIN = 10;

export interface DaySettings {
  weather: WeatherClass;
  speed: number;
  fromHour: number;
  toHour: number;
  /** A fault standing for part of the span. */
  fault?: FaultPlan | undefined;
  /** `--control-fallback` (W); the default (the limits from before) without it. */
  fallbackW?: number | undefined;
}

/** One reading of the meter: real ms (monotonic and epoch), device ms, grid power W. */
export interface Sample {
  real: number;
  /** This machine's epoch ms (the commands' `sent` is on it). */
  wall: number;
  device: number;
  gridW: number;
}

export interface DayRecord {
  date: DateText;
  samples: Sample[];
  /** The kettle's switchings inside the watched span. */
  steps: LoadStep[];
  /** Limits the controller sent while watched (its own give-back at the end not counted). */
  commands: ControlCommand[];
  inverters: number;
  exportedWh: number;
  importedWh: number;
  producedWh: number;
  realMs: number;
  deviceMs: number;
  /** When the fault stood (device ms), and on which inverter. */
  fault?: { fromAt: number; toAt: number; serial?: string | undefined } | undefined;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: AUTH } });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

interface Counters {
  importedWh: number;
  exportedWh: number;
  yieldWh: number;
}

async function counters(meter: string, device: string): Promise<Counters> {
  // The Tasmota form's counters are the phases netted, as a billing meter counts (the
  // Shelly forms count per phase: one phase feeding while another draws adds to both).
  const { StatusSNS } = await getJson<{ StatusSNS: { SML: { Total_in: number; Total_out: number } } }>(
    `${meter}/cm?cmnd=Status%2010`,
  );
  const live = await getJson<{ total: { YieldDay: { v: number; u: string } } }>(
    `${device}/api/livedata/status`,
  );
  const { v, u } = live.total.YieldDay;
  return {
    importedWh: StatusSNS.SML.Total_in * 1000,
    exportedWh: StatusSNS.SML.Total_out * 1000,
    yieldWh: u === 'kWh' ? v * 1000 : v,
  };
}

async function sample(meter: string): Promise<Sample> {
  const status = await getJson<{ unixtime: number; total_power: number }>(`${meter}/status`);
  return {
    real: performance.now(),
    wall: Date.now(),
    device: status.unixtime * 1000,
    gridW: status.total_power,
  };
}

/**
 * The day is watched from `fromAt` on the device, once the controller was inside the band:
 * before, the plant still runs at its own limits (the controller learns them, then waits
 * for every inverter's live data), an export an owner sees once, not every day.
 */
async function waitForControl(companion: string, meter: string, fromAt: number): Promise<ControlAnswer> {
  const end = Date.now() + START_TIMEOUT_MS + (WARM_UP_MIN * 60_000) / 2;
  let banded = false;
  for (;;) {
    const answer = await getJson<ControlAnswer>(`${companion}/companion/api/control`);
    banded ||= answer.state === 'in-band';
    if (banded && (await sample(meter)).device >= fromAt) return answer;
    if (Date.now() > end) throw new Error(`the controller did not reach the band in time (${answer.state})`);
    await wait(250);
  }
}

/** Watches the controlled house from the controller's first step to `toHour` on the device. */
async function watch(
  meter: string,
  device: string,
  companion: string,
  date: DateText,
  fromHour: number,
  toHour: number,
  /** Called with the device's time after every sample (a fault comes and goes by it). */
  tick: (deviceMs: number, answer: ControlAnswer) => Promise<void>,
): Promise<DayRecord> {
  const answer = await waitForControl(companion, meter, deviceInstant(date, fromHour));
  const first = await sample(meter);
  const start = await counters(meter, device);
  const endAt = deviceInstant(date, toHour);
  const samples: Sample[] = [first];
  const commands = new Map<string, ControlCommand>();
  let lastCommandsRead = 0;
  while (samples.at(-1)!.device < endAt) {
    await wait(SAMPLE_MS);
    samples.push(await sample(meter));
    await tick(samples.at(-1)!.device, answer);
    if (performance.now() - lastCommandsRead >= COMMANDS_MS) {
      lastCommandsRead = performance.now();
      const { commands: latest } = await getJson<ControlAnswer>(`${companion}/companion/api/control`);
      for (const command of latest)
        if (command.reason !== 'restore') commands.set(`${command.serial} ${command.sent}`, command);
    }
  }
  const last = samples.at(-1)!;
  const end = await counters(meter, device);
  return {
    date,
    samples,
    steps: [],
    commands: [...commands.values()],
    inverters: answer.inverters.length,
    exportedWh: end.exportedWh - start.exportedWh,
    importedWh: end.importedWh - start.importedWh,
    producedWh: end.yieldWh - start.yieldWh,
    realMs: last.real - first.real,
    deviceMs: last.device - first.device,
  };
}

export async function runDay(settings: DaySettings): Promise<DayRecord> {
  const { weather, speed, fromHour, toHour } = settings;
  // A fixed folder: the DTU serial, and so the sky, follows its path, so every run gets the
  // same dates (and the same kettle times).
  const emulatorData = join(tmpdir(), `opendtu-bench-control-${weather}`);
  await rm(emulatorData, { recursive: true, force: true });
  await mkdir(emulatorData);
  const companionData = await mkdtemp(join(tmpdir(), 'opendtu-bench-control-companion-'));
  const date = dateWithWeather(emulatorData, weather);
  const hhmm = (hour: number): string =>
    `${String(Math.floor(hour)).padStart(2, '0')}:${String(Math.round((hour % 1) * 60)).padStart(2, '0')}`;
  const kettle = kettleSteps(HOUSEHOLD_SEED, date);
  const utcOffsetMs = Date.parse(`${date}T12:00:00Z`) - deviceInstant(date, 12);
  const clock = (at: number): string => new Date(at + utcOffsetMs).toISOString().slice(11, 16);
  log(
    `  ${weather} day ${date} ${hhmm(fromHour)}-${hhmm(toHour)} at --speed ${speed}; kettle on at ` +
      kettle
        .filter((step) => step.up)
        .map((step) => clock(step.at))
        .join(', '),
  );
  const emulator = await launchEmulator({
    dataDir: emulatorData,
    args: [
      ...['--household-seed', String(HOUSEHOLD_SEED), '--meter-port', '0'],
      ...['--time', `${date}T${hhmm(fromHour - WARM_UP_MIN / 60)}`, '--speed', String(speed)],
      // The whole device, pushes included, runs `speed` times faster (docs/emulator.md#options).
      ...['--push-interval', String(Math.round(1000 / speed))],
    ],
    startTimeoutMs: START_TIMEOUT_MS,
  });
  let companion: Awaited<ReturnType<typeof launchCompanion>> | undefined;
  let standIn: MeterStandIn | undefined;
  try {
    // The meter's line follows the device's: it may not be printed yet.
    const meterAt = (): string | undefined => /meter listening on (\S+)/.exec(emulator.output())?.[1];
    for (let i = 0; !meterAt() && i < 100; i += 1) await wait(100);
    const meter = meterAt();
    if (!meter) throw new Error(`the emulator named no meter:\n${emulator.output()}`);
    const { fault } = settings;
    // The controller reads the meter through a stand-in that can be cut; the bench reads the
    // meter itself, so it sees what the house really does while the controller cannot.
    if (fault?.kind === 'meter-silent') standIn = await meterStandIn(meter);
    companion = await launchCompanion({
      args: [
        ...['--device', emulator.url, '--data', companionData, '--password', ADMIN.password],
        ...['--control-meter', `shelly-pro-3em:${standIn?.url ?? meter}`, '--speed', String(speed)],
        ...(settings.fallbackW === undefined ? [] : ['--control-fallback', String(settings.fallbackW)]),
      ],
      startTimeoutMs: START_TIMEOUT_MS,
    });
    const window = fault && {
      fromAt: deviceInstant(date, fault.fromHour),
      toAt: deviceInstant(date, fault.toHour),
      serial: undefined as string | undefined,
    };
    let standing = false;
    const tick = async (at: number, answer: ControlAnswer): Promise<void> => {
      if (!fault || !window) return;
      const due = at >= window.fromAt && at < window.toAt;
      if (due === standing) return;
      standing = due;
      if (fault.kind === 'meter-silent') standIn!.cut(due);
      else {
        window.serial ??= answer.inverters[0]!.serial;
        await silenceInverter(emulator.url, window.serial, due);
      }
      log(
        `  ${fault.kind} ${due ? 'from' : 'until'} ${clock(at)}${window.serial ? ` (${window.serial})` : ''}`,
      );
    };
    const record = await watch(meter, emulator.url, companion.url, date, fromHour, toHour, tick);
    const from = record.samples[0]!.device;
    const to = record.samples.at(-1)!.device;
    return { ...record, fault: window, steps: kettle.filter((step) => step.at >= from && step.at < to) };
  } finally {
    // The companion gives the limits back as it stops: the device must still be there.
    await companion?.stop();
    await emulator.stop();
    await standIn?.close();
    await rm(emulatorData, { recursive: true, force: true });
    await rm(companionData, { recursive: true, force: true });
  }
}
