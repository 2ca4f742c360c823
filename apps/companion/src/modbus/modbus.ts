/**
 * The SunSpec Modbus TCP server as one part of the companion (issue 44): set up from the
 * options and the devices, started when the server is ready, stopped when it closes (every
 * Modbus limit released first). The plant answers at unit 126, each inverter at its own
 * unit (unit-map.ts, kept in modbus-units.json); what each shows comes from the devices'
 * live data (device-watch.ts, unit-values.ts), encoded register by register
 * (sunspec/). Writes, with `--modbus-write on`, go to model 123 only and become limits
 * through the companion's one limit path (ModbusLimiter).
 */
import {
  familyOf,
  MODBUS_PLANT_UNIT,
  splitWatts,
  type ModbusAnswer,
  type ModbusPhase,
  type ModbusUnit,
} from '@opendtu/api';
import type { EventEmitter } from 'node:events';
import type { DeviceAnswer } from '../device/link';
import type { LimitChannel } from '../limits/limit-channel';
import type { UpstreamEvents, UpstreamState } from '../live/upstream';
import type { LogLine } from '../log';
import { controlsContent, writeControls } from './control-writes';
import { DeviceWatch, stringKey, type WatchedInverter } from './device-watch';
import { EnergyFloor } from './energy-floor';
import { EXCEPTION } from './frame-guard';
import { ModbusLimits, type Inverter } from './limit-sender';
import type { ModbusOptions } from './options';
import { BASE_ADDRESS, buildImage, modelAddresses } from './sunspec/image';
import { COMMON, CONTROLS, INVERTER_1PH, NAMEPLATE } from './sunspec/models';
import { ModbusException, startTcpServer, type RegisterSource, type RunningTcpServer } from './tcp-server';
import { readUnitFile, writeUnitFile } from './unit-file';
import { assignUnits, unitOf, type UnitEntry } from './unit-map';
import {
  inverterModels,
  inverterState,
  plantModels,
  plantState,
  RELEASED,
  type ControlRegisters,
  type InverterReading,
} from './unit-values';

/** Connections at once: a GX, evcc, Home Assistant and a few tools. */
export const MAX_CLIENTS = 16;
/** A connection silent this long is closed (real ms); clients that poll reconnect by themselves. */
export const IDLE_MS = 5 * 60_000;
/** Real ms between looks for new inverters and limits whose revert time passed. */
const TICK_MS = 1000;
/** Where model 123 starts: after models 1, 101 or 103 (one length) and 120, the same in every unit. */
const CONTROLS_HEADER = modelAddresses([
  { def: COMMON },
  { def: INVERTER_1PH },
  { def: NAMEPLATE },
  { def: CONTROLS },
]).get(CONTROLS.id)!;
const CONTROLS_FIRST = controlsContent(CONTROLS_HEADER);
const CONTROLS_END = CONTROLS_FIRST + 24;

/** One device as Modbus sees it. */
export interface ModbusDevice {
  name: string;
  upstream: EventEmitter<UpstreamEvents> & { state: UpstreamState };
  link: { get(path: string, credentials: 'server'): Promise<DeviceAnswer> };
  /** Each inverter's last lifetime energy in the history (Wh, by serial). */
  recordedEnergy(): Map<string, number>;
  /** The device's one limit channel; absent: Modbus refuses limits there. */
  limits?: LimitChannel;
}

/**
 * The companion's one limit path, as Modbus uses it (limit-sender.ts over each device's
 * limit channel): Modbus the owner of the inverters a client limits, or refused while another
 * sender owns one; watts kept on each; the limit from before given back.
 */
export interface ModbusLimiter {
  /** Makes Modbus the owner of every inverter or of none; a refusal says why. */
  take(inverters: readonly Inverter[]): Promise<string | undefined>;
  keep(inverter: Inverter, watts: number): void;
  release(inverter: Inverter): void;
  start(): void;
  /** Gives back every inverter Modbus owns, and waits for it. */
  close(): Promise<void>;
}

export interface ModbusSetup {
  options: ModbusOptions;
  dataDir: string;
  devices: readonly ModbusDevice[];
  version: string;
  log: LogLine;
  /** Real ms (tests shorten the tick). */
  tickMs?: number;
  now?: () => number;
}

interface UnitControl {
  registers: ControlRegisters;
  /** When the limit ends unless asked again (real ms); undefined: when released. */
  revertAt: number | undefined;
  /** What the unit's limit asks of each inverter (by device/serial), W. */
  asked: Map<string, { device: string; serial: string; watts: number }>;
}

export interface ModbusFeature {
  start(): Promise<void>;
  stop(): Promise<void>;
  answer(): ModbusAnswer;
  /** Sets the phase a single-phase inverter feeds; a string says what is wrong. */
  setPhase(serial: string, phase: ModbusPhase): Promise<string | undefined>;
}

/** The Modbus part: reads the saved unit map now (a broken file stops the start), serves when started. */
export function setUpModbus(setup: ModbusSetup): ModbusFeature {
  const { options, log } = setup;
  const now = setup.now ?? Date.now;
  const floor = new EnergyFloor();
  for (const device of setup.devices)
    for (const [serial, wh] of device.recordedEnergy()) floor.take(serial, wh);
  const watches = setup.devices.map(
    (device) => new DeviceWatch(device.name, device.upstream, device.link, floor),
  );
  let entries: UnitEntry[] = readUnitFile(setup.dataDir);
  const controls = new Map<number, UnitControl>();
  let server: RunningTcpServer | undefined;
  let tick: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  let writing: Promise<void> = Promise.resolve();
  const told = new Map<string, number>();
  const channels = new Map(
    setup.devices.flatMap((device) => (device.limits ? [[device.name, device.limits] as const] : [])),
  );
  // A higher sender took an inverter: no unit asks a limit of it any more (its client's registers stay).
  const limiter: ModbusLimiter = new ModbusLimits(channels, log, (inverter) => {
    for (const state of controls.values()) state.asked.delete(`${inverter.device}/${inverter.serial}`);
  });

  /** A line once per `key` in ten minutes: a client repeats what was refused every second. */
  const tell = (key: string, line: string): void => {
    const at = now();
    if ((told.get(key) ?? -Infinity) > at - 600_000) return;
    told.set(key, at);
    log(line);
  };

  const save = (): Promise<void> => {
    saving = saving.then(() =>
      writeUnitFile(setup.dataDir, entries).catch((error: Error) =>
        log(`Modbus: cannot write the unit map (${error.message})`, 'error'),
      ),
    );
    return saving;
  };

  /** Every inverter the devices list now, the device first that lists a serial twice. */
  const present = (): { watch: DeviceWatch; inverter: WatchedInverter }[] => {
    const seen = new Set<string>();
    return watches.flatMap((watch) =>
      watch.list().flatMap((inverter) => {
        if (seen.has(inverter.serial)) return [];
        seen.add(inverter.serial);
        return [{ watch, inverter }];
      }),
    );
  };

  const strings = (serial: string, count: number): (number | undefined)[] =>
    Array.from({ length: count }, (_, index) => floor.get(stringKey(serial, index)));

  const reading = (watch: DeviceWatch, inverter: WatchedInverter): InverterReading => {
    const family = familyOf(inverter.serial);
    const channels = Object.keys((inverter.entry as { DC?: object }).DC ?? {}).length;
    return {
      device: watch.name,
      serial: inverter.serial,
      name: inverter.name,
      family,
      entry: inverter.entry,
      deviceOnline: watch.online,
      ratedW: inverter.ratedW,
      energyWh: floor.get(inverter.serial),
      stringEnergyWh: strings(inverter.serial, Math.max(channels, family?.dcInputs ?? 0)),
      fault: inverter.fault,
      switchedOff: inverter.switchedOff,
      phase: unitOf(entries, inverter.serial)?.phase ?? 'L1',
    };
  };

  /**
   * An inverter of a device that is away, or not listed yet since its socket came up: it
   * keeps answering, nothing live known, its energy from the records. An inverter its device
   * no longer lists is gone (exception 0x0B).
   */
  const remembered = (entry: UnitEntry): InverterReading | undefined => {
    const watch = watches.find((candidate) => candidate.name === entry.device);
    if (!watch || watch.listed) return undefined;
    const family = familyOf(entry.serial);
    return {
      device: watch.name,
      serial: entry.serial,
      name: entry.name ?? entry.serial,
      family,
      entry: undefined,
      deviceOnline: false,
      ratedW: undefined,
      energyWh: floor.get(entry.serial),
      stringEnergyWh: strings(entry.serial, family?.dcInputs ?? 0),
      fault: false,
      switchedOff: false,
      phase: entry.phase,
    };
  };

  /** Every inverter a unit answers for now, by unit. */
  const located = (): Map<number, InverterReading> => {
    const listed = new Map(
      present().map(({ watch, inverter }) => [inverter.serial.toUpperCase(), reading(watch, inverter)]),
    );
    const units = new Map<number, InverterReading>();
    for (const entry of entries) {
      const found = listed.get(entry.serial.toUpperCase()) ?? remembered(entry);
      if (found) units.set(entry.unit, found);
    }
    return units;
  };

  const readings = (): InverterReading[] => [...located().values()];
  const plantEnergy = (): number | undefined => floor.sum((key) => !key.includes('#'));

  const control = (unit: number): UnitControl => {
    let entry = controls.get(unit);
    if (!entry) {
      entry = { registers: RELEASED, revertAt: undefined, asked: new Map() };
      controls.set(unit, entry);
    }
    return entry;
  };

  /** The unit's inverter, or an exception 0x0B: no inverter answers there. */
  const inverterAt = (unit: number): InverterReading => {
    const found = located().get(unit);
    if (!found) throw new ModbusException(EXCEPTION.noTarget, `no inverter at unit ${unit}`);
    return found;
  };

  const image = (unit: number): Uint16Array => {
    const common = { unit, version: setup.version };
    if (unit === MODBUS_PLANT_UNIT)
      return buildImage(
        plantModels(readings(), control(unit).registers, { ...common, energyWh: plantEnergy() }),
      );
    return buildImage(inverterModels(inverterAt(unit), control(unit).registers, common));
  };

  /** The parts a unit's limit makes: the plant's split over every inverter by rated power. */
  const parts = (unit: number, percent: number): { device: string; serial: string; watts: number }[] => {
    const targets = unit === MODBUS_PLANT_UNIT ? readings() : [inverterAt(unit)];
    if (targets.length === 0 || targets.some((target) => !target.ratedW))
      throw new ModbusException(
        EXCEPTION.serverFailure,
        `the rated power of ${targets.find((target) => !target.ratedW)?.serial ?? 'the plant'} is not known yet`,
      );
    const caps = targets.map((target) => target.ratedW!);
    const total = (percent / 100) * caps.reduce((sum, cap) => sum + cap, 0);
    const shares = splitWatts(total, caps);
    return targets.map((target, index) => ({
      device: target.device,
      serial: target.serial,
      watts: shares[index]!.watts,
    }));
  };

  /**
   * The limit an inverter gets: the lowest any unit asks of it (the plant's share, its own
   * unit's); undefined: none. A client's limit never lifts another's.
   */
  const lowest = (key: string): number | undefined => {
    const watts = [...controls.values()].flatMap((state) => state.asked.get(key)?.watts ?? []);
    return watts.length ? Math.min(...watts) : undefined;
  };

  const releaseUnit = (unit: number, why: string): void => {
    const state = control(unit);
    const parts = [...state.asked];
    state.asked.clear();
    state.revertAt = undefined;
    for (const [key, part] of parts) {
      const still = lowest(key);
      if (still === undefined) limiter.release(part);
      else limiter.keep(part, still);
    }
    if (parts.length)
      log(`Modbus: unit ${unit} released its limit (${why}); the owner's own limits come back`);
  };

  const limitUnit = async (unit: number, registers: ControlRegisters): Promise<void> => {
    const wanted = parts(unit, registers.percent);
    // The whole request or nothing: a plant limit that skipped an owned inverter would not hold its total.
    const refusal = await limiter.take(wanted);
    if (refusal) {
      tell(`refused ${unit}`, `Modbus: refused a limit at unit ${unit}: ${refusal}`);
      throw new ModbusException(EXCEPTION.busy, refusal);
    }
    const state = control(unit);
    const before = state.asked;
    state.asked = new Map(wanted.map((part) => [`${part.device}/${part.serial}`, part]));
    for (const [key, part] of state.asked) limiter.keep(part, lowest(key)!);
    // An inverter the plant no longer lists: its share ends as a release would end it.
    for (const [key, part] of before)
      if (!state.asked.has(key)) {
        const still = lowest(key);
        if (still === undefined) limiter.release(part);
        else limiter.keep(part, still);
      }
    state.revertAt = registers.rvrtTms > 0 ? now() + registers.rvrtTms * 1000 : undefined;
    tell(
      `limit ${unit} ${registers.percent}`,
      `Modbus: unit ${unit} limited to ${registers.percent} % (${wanted.map((part) => `${part.serial} ${part.watts} W`).join(', ')})${state.revertAt ? `, for ${registers.rvrtTms} s unless asked again` : ''}`,
    );
  };

  const source: RegisterSource = {
    read(unit, address, count) {
      const registers = image(unit);
      if (address < BASE_ADDRESS || address + count > BASE_ADDRESS + registers.length)
        throw new ModbusException(
          EXCEPTION.illegalAddress,
          `no registers at ${address}-${address + count - 1}`,
        );
      return Array.from(registers.subarray(address - BASE_ADDRESS, address - BASE_ADDRESS + count));
    },
    async write(unit, address, values) {
      if (unit !== MODBUS_PLANT_UNIT) inverterAt(unit);
      if (!options.write) {
        tell('writes off', 'Modbus: refused a write: writes are off (--modbus-write on allows limits)');
        throw new ModbusException(EXCEPTION.illegalFunction, 'writes are off');
      }
      if (address < CONTROLS_FIRST || address + values.length > CONTROLS_END)
        throw new ModbusException(
          EXCEPTION.illegalAddress,
          `registers ${address}-${address + values.length - 1} are read-only`,
        );
      // One write at a time: a limit is taken and kept before the next is judged.
      const done = writing.then(async () => {
        const state = control(unit);
        const outcome = writeControls(state.registers, address - CONTROLS_FIRST, values);
        if (outcome.kind === 'refused') throw new ModbusException(outcome.code, outcome.reason);
        if (outcome.request === 'limit') await limitUnit(unit, outcome.registers);
        if (outcome.request === 'release') releaseUnit(unit, 'WMaxLim_Ena 0');
        state.registers = outcome.registers;
      });
      writing = done.catch(() => undefined);
      return done;
    },
  };

  /** New inverters get their unit ids; limits whose revert time passed end. */
  const look = (): void => {
    const assignment = assignUnits(
      entries,
      present().map(({ watch, inverter }) => ({
        serial: inverter.serial,
        device: watch.name,
        name: inverter.name,
      })),
    );
    if (assignment.changed) {
      entries = assignment.entries;
      for (const entry of assignment.added)
        log(`Modbus: inverter ${entry.serial} answers at unit ${entry.unit}`);
      void save();
    }
    for (const serial of assignment.unplaced)
      tell(`unplaced ${serial}`, `Modbus: no unit id is free for ${serial}`);
    for (const [unit, state] of controls)
      if (state.revertAt !== undefined && now() >= state.revertAt) {
        releaseUnit(unit, `no new request within ${state.registers.rvrtTms} s`);
        state.registers = { ...state.registers, enabled: false };
      }
  };

  /** A unit in the API's answer: the plant (no entry), or an inverter, answering or gone (no reading). */
  const unitAnswer = (entry: UnitEntry | undefined, read: InverterReading | undefined): ModbusUnit => {
    const unit = entry?.unit ?? MODBUS_PLANT_UNIT;
    const state = control(unit);
    const asked = [...state.asked.values()];
    const common = { unit, version: setup.version };
    const models = !entry
      ? plantModels(readings(), state.registers, { ...common, energyWh: plantEnergy() })
      : read && inverterModels(read, state.registers, common);
    const power = models?.[1]?.values.W;
    const rated = models?.[2]?.values.WRtg;
    const three = !entry || familyOf(entry.serial)?.acPhases === 3;
    return {
      unit,
      kind: entry ? 'inverter' : 'plant',
      device: entry ? (read?.device ?? entry.device ?? null) : null,
      serial: entry?.serial ?? null,
      name: entry ? (read?.name ?? entry.name ?? entry.serial) : 'Plant',
      model: three ? 103 : 101,
      phase: three ? null : entry.phase,
      rated_w: typeof rated === 'number' ? rated : null,
      power_w: typeof power === 'number' ? power : null,
      energy_wh: (entry ? read?.energyWh : plantEnergy()) ?? null,
      state: !entry ? plantState(readings()) : read ? inverterState(read) : 'unknown',
      limit: asked.length
        ? {
            percent: state.registers.percent,
            watts: asked.reduce((sum, part) => sum + part.watts, 0),
            revert_in_s:
              state.revertAt === undefined ? null : Math.max(0, Math.ceil((state.revertAt - now()) / 1000)),
          }
        : null,
      present: !entry || read?.entry !== undefined,
    };
  };

  return {
    async start() {
      for (const watch of watches) watch.start();
      limiter.start();
      server = await startTcpServer(source, {
        host: options.host,
        port: options.port,
        maxClients: MAX_CLIENTS,
        idleMs: IDLE_MS,
        log,
      });
      tick = setInterval(look, setup.tickMs ?? TICK_MS);
      log(
        `Modbus (SunSpec) on ${options.host}:${server.port}: the plant at unit ${MODBUS_PLANT_UNIT}, each inverter at its own (${setup.dataDir}/modbus-units.json); ${options.write ? 'limits may be written' : 'read-only (--modbus-write on allows limits)'}`,
      );
    },
    async stop() {
      clearInterval(tick);
      await server?.close();
      for (const unit of controls.keys()) releaseUnit(unit, 'the companion stops');
      await limiter.close();
      for (const watch of watches) watch.stop();
      await saving;
    },
    answer() {
      const all = located();
      const units = entries
        .map((entry) => unitAnswer(entry, all.get(entry.unit)))
        .sort((a, b) => a.unit - b.unit);
      return {
        enabled: true,
        listen: `${options.host}:${server?.port ?? options.port}`,
        writes: options.write,
        clients: server?.clients() ?? 0,
        base_address: BASE_ADDRESS,
        units: [unitAnswer(undefined, undefined), ...units],
      };
    },
    async setPhase(serial, phase) {
      const entry = unitOf(entries, serial);
      if (!entry) return `no inverter ${serial} in the unit map`;
      if (familyOf(entry.serial)?.acPhases === 3)
        return `${serial} is a three-phase inverter: it feeds all three`;
      entries = entries.map((candidate) => (candidate === entry ? { ...candidate, phase } : candidate));
      log(`Modbus: ${entry.serial} feeds ${phase}`);
      await save();
      return undefined;
    },
  };
}
