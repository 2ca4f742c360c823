/**
 * One inverter as a physical thing (inverters.md §6.4, §6.5, §8.2): its modules, its
 * on/off and limit state, its own event log, and one consistent operating state advanced
 * by time. Everything the DTU later reads is derived from this state, so the numbers
 * agree with each other (P = U x I, Efficiency = AC/DC, yields = integral of power).
 */
import type { InverterSpec } from './catalog';
import type { GridState } from './grid';
import { acSide, convert, sharePairVoltages, type AcState } from './conversion';
import { InverterEventLog, type InverterEvent } from './inverter-event-log';
import { LIMIT_DELAY_MS, LimitRamp } from './limit-ramp';
import { planeOfArray, type Orientation } from './irradiance';
import {
  cellTemperature,
  maxPowerPoint,
  openCircuitVoltage,
  type InputLight,
  type OperatingPoint,
} from './pv-module';
import { between, clamp, type Random } from './random';
import type { Sky } from './weather';
import { ambientTemperature } from './weather';
import { sunPosition, type SunPosition } from './sun';

export interface InputSetup {
  /** Module peak power, W. */
  wp: number;
  orientation: Orientation;
  /** Share of the light that reaches the modules at a sun position (a tree, a chimney); 1 without. */
  shade?: (sun: SunPosition) => number;
}

export interface Site {
  latitude: number;
  longitude: number;
  sky: Sky;
  grid: GridState;
}

export type { AcState } from './conversion';

/** Grid "Reconnect Time (RT)" of the profile: delay between waking up and feeding power. */
export const RECONNECT_MS = 60_000;
/** After a remote turn-on the inverter is already synchronised; it reconnects sooner. */
const TURN_ON_RECONNECT_MS = 20_000;
/** "Soft Start Ramp up Rate (RUR_SS)" 10 Rated%/s. */
const SOFT_START_PER_MS = 0.1 / 1000;
const RESTART_OUTAGE_MS = 5_000;
const WAKE_POA = 8;
const SLEEP_POA = 3;
const GRID_EVENTS_PER_AWAKE_HOUR = 0.3 / 14;
const GRID_EVENT_IDS = [141, 143, 144, 145, 148];
/** Three-phase inverters also watch the phase angle between the phases. */
const HMT_GRID_EVENT_IDS = [...GRID_EVENT_IDS, 171];
const MAX_STEP_MS = 10_000;
/** Below this share of nominal power the inverter does not connect to the grid. */
const MIN_FEED_SHARE = 0.005;

export class PhysicalInverter {
  readonly eventLog = new InverterEventLog();
  poweredOn = true;
  limitPersistent = 100;
  limitNonPersistent: number | undefined;
  readonly dc: OperatingPoint[];
  ac: AcState = { power: 0, voltage: 0, current: 0, frequency: 0, powerFactor: 0, reactivePower: 0 };
  /** Heat-sink temperature, °C (lags the load by about 10 min). */
  temperature: number;
  /** Wh per input since the last power-up, and over the inverter's life. */
  readonly yieldDayWh: number[];
  readonly yieldTotalWh: number[];
  /** When the inverter last booted (woke up in the morning or restarted), epoch ms. */
  poweredUpAt: number | undefined;
  /** Inputs that get no light at all (a fault on purpose: unplugged or fully shaded). */
  darkInputs: ReadonlySet<number> = new Set();

  private awake = false;
  /** The output follows a new limit late and gradually; the limit itself changes at once. */
  private readonly limitRamp = new LimitRamp(100);
  private feedFromMs = Number.POSITIVE_INFINITY;
  private restartUntilMs = 0;
  private gridFault: InverterEvent | undefined;
  private gridFaultUntilMs = 0;
  private at: number | undefined;
  private readonly ownVoltageOffset: number;

  constructor(
    readonly spec: InverterSpec,
    readonly inputs: readonly InputSetup[],
    private readonly random: Random,
    yieldTotalWh: readonly number[],
  ) {
    this.dc = inputs.map(() => ({ voltage: 0, current: 0, power: 0 }));
    this.yieldDayWh = inputs.map(() => 0);
    this.yieldTotalWh = inputs.map((_, i) => yieldTotalWh[i] ?? 0);
    this.ownVoltageOffset = between(random, -0.8, 0.8);
    this.temperature = 15;
  }

  get events(): readonly InverterEvent[] {
    return this.eventLog.entries;
  }

  /** The inverter's alarm counter (EventLogCount of its statistics). */
  get eventCounter(): number {
    return this.eventLog.counter;
  }

  /** True while the inverter's radio answers: it is awake (DC-powered) and not rebooting. */
  answers(atMs: number): boolean {
    return this.awake && atMs >= this.restartUntilMs;
  }

  /** The limit in effect, % of nominal power. */
  get limit(): number {
    return this.limitNonPersistent ?? this.limitPersistent;
  }

  /**
   * A limit command the inverter heard at `atMs`: it holds the new value at once (that is
   * what it reports back), and its output follows a few seconds later along a ramp.
   */
  setLimit(percent: number, persistent: boolean, atMs: number): void {
    const value = clamp(percent, 0, 100);
    const cap = this.outputLimit(atMs);
    if (persistent) {
      this.limitPersistent = value;
      this.limitNonPersistent = undefined;
    } else {
      this.limitNonPersistent = value;
    }
    const delay = between(this.random, LIMIT_DELAY_MS.min, LIMIT_DELAY_MS.max);
    const feeding = (this.ac.power / this.spec.nominalPower) * 100;
    this.limitRamp.retarget(this.limit, atMs, delay, Math.min(cap, feeding));
  }

  /**
   * The cap on the output at `t`, % of nominal. A limit that changed without a command (a
   * power-up forgot the non-persistent one, a stored state was put back) holds at once.
   */
  outputLimit(t: number): number {
    if (this.limitRamp.target !== this.limit) this.limitRamp.settle(this.limit);
    return this.limitRamp.at(t);
  }

  setPower(on: boolean, atMs: number): void {
    if (on === this.poweredOn) return;
    this.poweredOn = on;
    if (on) {
      const open = this.eventLog.findOpen(124);
      if (open) this.eventLog.close(open, atMs);
      this.feedFromMs = atMs + TURN_ON_RECONNECT_MS;
    } else {
      this.eventLog.add(124, atMs, 0);
    }
  }

  /** A restart command: a few seconds without answer, then a fresh start (YieldDay 0). */
  restart(atMs: number): void {
    this.restartUntilMs = atMs + RESTART_OUTAGE_MS;
    this.powerUp(atMs + RESTART_OUTAGE_MS, false);
  }

  /** Jumps over a long gap (the clock was set far ahead) without simulating it. */
  skipTo(toMs: number): void {
    this.at = toMs;
  }

  advance(toMs: number, site: Site): void {
    if (this.at === undefined || toMs <= this.at) {
      this.at ??= toMs;
      return;
    }
    while (this.at < toMs) {
      const next = Math.min(toMs, this.at + MAX_STEP_MS);
      this.step(next, (next - this.at) / 1000, site);
      this.at = next;
    }
  }

  // Waking up (morning) and restarting both boot the inverter: YieldDay 0,
  // the non-persistent limit forgotten, and the grid connection only after RT.
  // A restart keeps the log and its counter going (the new "Inverter start" moves the
  // counter, so the DTU fetches it); only the night's power loss starts a fresh log.
  private powerUp(atMs: number, freshLog = true): void {
    this.poweredUpAt = atMs;
    if (freshLog) this.eventLog.clear();
    this.eventLog.add(1, atMs, atMs);
    if (this.random() < 0.25) this.eventLog.add(2, atMs, atMs);
    if (!this.poweredOn && !this.eventLog.findOpen(124)) this.eventLog.add(124, atMs, 0);
    this.yieldDayWh.fill(0);
    this.limitNonPersistent = undefined;
    this.feedFromMs = atMs + RECONNECT_MS;
  }

  private step(t: number, dtS: number, site: Site): void {
    const sun = sunPosition(t, site.latitude, site.longitude);
    const k = site.sky.clearness(t, site.longitude);
    const ambient = ambientTemperature(t, site.latitude, site.longitude, k);
    const lights: InputLight[] = this.inputs.map((input, i) => {
      const light = planeOfArray(sun, k * (1 + 0.02 * (this.random() - 0.5) * 2), input.orientation);
      const poa = this.darkInputs.has(i) ? 0 : input.shade ? light * input.shade(sun) : light;
      return { wp: input.wp, poa, cellTemp: cellTemperature(ambient, poa) };
    });
    const brightest = Math.max(0, ...lights.map((l) => l.poa));
    if (!this.awake && brightest >= WAKE_POA) {
      this.awake = true;
      this.temperature = ambient;
      this.powerUp(t);
    } else if (this.awake && brightest < SLEEP_POA) {
      this.awake = false;
    }
    if (!this.awake) {
      this.setDark();
      return;
    }
    this.maybeGridFault(t, dtS);
    const feeding =
      this.poweredOn &&
      t >= this.feedFromMs &&
      t >= this.restartUntilMs &&
      t >= this.gridFaultUntilMs &&
      this.enoughToFeed(lights);
    const acPower = feeding ? this.feed(lights, t) : this.idle(lights);
    if (this.spec.family.pairedVoltage) sharePairVoltages(this.dc);
    const phaseVoltage = site.grid.voltage + this.ownVoltageOffset + (1.5 * acPower) / this.spec.nominalPower;
    const pfNoise = acPower > 0 ? (this.random() - 0.5) * 2 : 0;
    this.ac = acSide(this.spec, acPower, phaseVoltage, site.grid.frequency, pfNoise);
    const dcTotal = this.dc.reduce((sum, p) => sum + p.power, 0);
    const eta = dcTotal > 0 ? acPower / dcTotal : 0;
    this.dc.forEach((point, i) => {
      const wh = (point.power * eta * dtS) / 3600;
      this.yieldDayWh[i] = (this.yieldDayWh[i] ?? 0) + wh;
      this.yieldTotalWh[i] = (this.yieldTotalWh[i] ?? 0) + wh;
    });
    const load = acPower / this.spec.nominalPower;
    const target = ambient + 3 + 22 * load;
    this.temperature = target + (this.temperature - target) * Math.exp(-dtS / 600);
  }

  // Feeding under the limit, the nominal power and the soft-start ramp after (re)connecting.
  private feed(lights: InputLight[], t: number): number {
    const nominal = this.spec.nominalPower;
    const ramp = Math.min(1, (t - this.feedFromMs) * SOFT_START_PER_MS);
    const acCap = Math.min(nominal, (this.outputLimit(t) / 100) * nominal, ramp * nominal);
    const { dc, acPower } = convert(this.spec, lights, acCap, (this.random() - 0.5) * 2);
    dc.forEach((point, i) => (this.dc[i] = point));
    return acPower;
  }

  // In the dusk the electronics stay powered a while after feeding stops, so the last
  // answers of the day show 0 W rather than a stale trickle.
  private enoughToFeed(lights: InputLight[]): boolean {
    const available = lights.reduce((sum, l) => sum + maxPowerPoint(l).power, 0);
    return available >= Math.max(2, MIN_FEED_SHARE * this.spec.nominalPower);
  }

  // Awake but not feeding: the inputs float at open-circuit voltage.
  private idle(lights: InputLight[]): number {
    lights.forEach((light, i) => {
      this.dc[i] = { voltage: openCircuitVoltage(light), current: 0, power: 0 };
    });
    return 0;
  }

  private setDark(): void {
    for (const point of this.dc) Object.assign(point, { voltage: 0, current: 0, power: 0 });
    Object.assign(this.ac, { power: 0, current: 0, powerFactor: 0, reactivePower: 0 });
  }

  // Rare grid disturbances: the inverter disconnects for 1-3 min and reconnects after RT.
  private maybeGridFault(t: number, dtS: number): void {
    if (this.gridFault && t >= this.gridFaultUntilMs - RECONNECT_MS) {
      this.eventLog.close(this.gridFault, this.gridFaultUntilMs - RECONNECT_MS);
      this.gridFault = undefined;
    }
    if (this.gridFault || t < this.gridFaultUntilMs) return;
    if (this.random() >= (GRID_EVENTS_PER_AWAKE_HOUR * dtS) / 3600) return;
    const ids = this.spec.family.acPhases === 3 ? HMT_GRID_EVENT_IDS : GRID_EVENT_IDS;
    const id = ids[Math.floor(this.random() * ids.length)] ?? 148;
    this.gridFault = this.eventLog.add(id, t, 0);
    this.gridFaultUntilMs = t + between(this.random, 60_000, 180_000) + RECONNECT_MS;
    this.feedFromMs = this.gridFaultUntilMs;
  }
}
