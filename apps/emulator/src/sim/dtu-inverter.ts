/**
 * One inverter as the DTU sees it (inverters.md §7): the last statistics it received,
 * reachability, radio counters, the limit it read back, command states, the event-log
 * buffer, device info and grid profile. The physical inverter is only ever observed
 * through radio exchanges, so the DTU's view lags and fails like the real one.
 */
import { formatSerial, modelFromPartNumber, type ConfigInverter, type InverterFamily } from '@opendtu/api';
import type { InverterSpec } from './catalog';
import { CommandChannel, type Command } from './commands';
import type { InverterEvent } from './inverter-event-log';
import type { PhysicalInverter } from './inverter-physics';
import type { RadioLink } from './radio-stats';
import { emptyReading, readStatistics, zeroRuntime, type StatsReading } from './reading';

/** SystemConfigPara is re-read 2 min after the last good read... */
const LIMIT_READ_INTERVAL_MS = 120_000;
/** ...but never within 4 min of an acknowledged limit (both timers start at boot). */
const LIMIT_READ_GUARD_MS = 240_000;

/** What a poll turn needs to know about the moment and the DTU. */
export interface VisitContext {
  /** Epoch ms (the physical world's time). */
  t: number;
  uptime: number;
  timeValid: boolean;
  slot: ConfigInverter;
  log: (line: string) => void;
}

export class DtuInverter {
  readonly serialText: string;
  reading: StatsReading;
  everReceived = false;
  lastStatsUptime: number | undefined;
  failures = 0;
  pollEnabled = true;
  commandsEnabled = true;
  limitRelative = 0;
  readonly limit = new CommandChannel();
  readonly power = new CommandChannel();
  eventBuffer: InverterEvent[] = [];
  devInfoValid = false;
  gridProfileValid = false;
  /** Bumped whenever the data shown for this inverter changes (drives WebSocket pushes). */
  updateSeq = 0;
  /** Faults on purpose (sim/faults.ts): the radio stays silent, or commands go unheard. */
  radioSilent = false;
  commandsUnheard = false;
  private lastLimitReadAt = 0;
  private lastLimitAckAt = 0;
  private alarmFailed = true;
  private alarmStoredCounter = 0;
  private yieldOffsets: number[];
  private lastRawYieldDay: number[];

  constructor(
    readonly serial: number,
    readonly family: InverterFamily,
    readonly spec: InverterSpec,
    readonly physical: PhysicalInverter,
    readonly radio: RadioLink,
    /** False when the family's radio is not initialised: the inverter is listed but never polled. */
    readonly radioReady: boolean,
  ) {
    this.serialText = formatSerial(serial);
    this.reading = emptyReading(family.dcInputs);
    this.yieldOffsets = Array.from({ length: family.dcInputs }, () => 0);
    this.lastRawYieldDay = [...this.yieldOffsets];
  }

  /** `max_power` from device info; 0 while unknown (no device info, or an unlisted part). */
  get maxPower(): number {
    return this.devInfoValid ? modelFromPartNumber(this.spec.partNumber).maxPower : 0;
  }

  reachable(threshold: number): boolean {
    return this.pollEnabled && this.failures <= threshold;
  }

  /** YieldDay per input as shown: the inverter's counter plus the yieldday_correction offset. */
  yieldDay(input: number): number {
    return (this.reading.dc[input]?.yieldDay ?? 0) + (this.yieldOffsets[input] ?? 0);
  }

  queue(command: Command): void {
    (command.kind === 'limit' ? this.limit : this.power).enqueue(command);
  }

  /** Sends queued commands and settles answered ones (the radio loop runs continuously). */
  runCommands(t: number, uptime: number): void {
    const answers = (at: number): boolean =>
      this.radio.exchange(this.hears(at) && !this.commandsUnheard, 1) === 'ok';
    this.limit.run(t, answers, (command, at) => this.applyCommand(command, at, uptime));
    this.power.run(t, answers, (command, at) => this.applyCommand(command, at, uptime));
  }

  /** The earliest moment a command needs attention. */
  get commandDueAt(): number | undefined {
    const due = [this.limit.dueAt, this.power.dueAt].filter((v): v is number => v !== undefined);
    return due.length ? Math.min(...due) : undefined;
  }

  /** One turn of the poll loop for this inverter (inverters.md §7.1). */
  visit(ctx: VisitContext): void {
    const { slot } = ctx;
    const answers = this.hears(ctx.t);
    const sentBefore = this.radio.stats.tx_request;
    // Printed on every turn, also one that only re-sends commands or waits for the time.
    ctx.log(`Fetch inverter: ${this.serialText.toUpperCase()}`);
    if (this.family.radio === 'cmt' && !this.reachable(slot.reachable_threshold) && this.commandsEnabled) {
      this.radio.sendUnanswered();
    }
    if (this.pollEnabled && ctx.timeValid) {
      // All requests of a turn are queued at once, so they see the state before this
      // turn's statistics answer: the alarm counter, and whether any statistics arrived.
      const wantAlarm = this.alarmFailed || this.reading.eventCounter !== this.alarmStoredCounter;
      const hadStatistics = this.everReceived;
      this.requestStatistics(answers, ctx);
      if (wantAlarm) this.requestAlarms(answers);
      if (this.limitReadDue(ctx.uptime)) this.requestLimit(answers, ctx);
      if (hadStatistics && !this.gridProfileValid) {
        this.gridProfileValid = this.radio.exchange(answers, 6) === 'ok';
      }
      if (hadStatistics && !this.devInfoValid) {
        ctx.log('Request device info');
        this.devInfoValid =
          this.radio.exchange(answers, 1) === 'ok' && this.radio.exchange(answers, 1) === 'ok';
      }
    }
    let resent = 0;
    if (this.commandsEnabled && this.limit.retryFailed()) {
      ctx.log('Resend ActivePowerControl');
      resent += 1;
    }
    if (this.commandsEnabled && this.power.retryFailed()) {
      ctx.log('Resend PowerCommand');
      resent += 1;
    }
    if (slot.zero_runtime && !this.reachable(slot.reachable_threshold)) {
      zeroRuntime(this.reading);
      this.updateSeq += 1;
    }
    // The radio works its queue off after the turn; the console shows how full it got.
    const queued = Math.max(0, this.radio.stats.tx_request - sentBefore) + resent;
    const nrf = this.family.radio === 'nrf' ? queued : 0;
    ctx.log(`Queue size - NRF: ${nrf} CMT: ${queued - nrf}`);
  }

  /** Local day change (inverters.md §7.4), in the firmware's order. */
  dayChange(slot: ConfigInverter): void {
    // The correction starts the new day from scratch: without forgetting yesterday's last
    // value, the first reading of the morning (lower) would add all of yesterday again.
    this.yieldOffsets.fill(0);
    this.lastRawYieldDay.fill(0);
    if (slot.zero_day) for (const dc of this.reading.dc) dc.yieldDay = 0;
    if (slot.clear_eventlog) this.eventBuffer = [];
    this.radio.reset();
    this.updateSeq += 1;
  }

  // A silenced inverter is off the air as one asleep at night: nothing it is asked comes back.
  private hears(at: number): boolean {
    return !this.radioSilent && this.physical.answers(at);
  }

  private requestStatistics(answers: boolean, ctx: VisitContext): void {
    const fragments = Math.ceil((12 + 6 * this.family.dcInputs) / 16);
    if (this.radio.exchange(answers, fragments) !== 'ok') {
      this.failures += 1;
      return;
    }
    const reading = readStatistics(this.physical);
    this.applyYieldCorrection(reading, ctx.slot.yieldday_correction);
    this.reading = reading;
    this.failures = 0;
    this.everReceived = true;
    this.lastStatsUptime = ctx.uptime;
    this.updateSeq += 1;
  }

  // An inverter restarted during the day counts YieldDay from 0 again; with the option on,
  // the last value becomes an offset so the day's sum keeps growing.
  private applyYieldCorrection(reading: StatsReading, enabled: boolean): void {
    reading.dc.forEach((dc, i) => {
      const last = this.lastRawYieldDay[i] ?? 0;
      if (!enabled) this.yieldOffsets[i] = 0;
      else if (dc.yieldDay < last) this.yieldOffsets[i] = (this.yieldOffsets[i] ?? 0) + last;
      this.lastRawYieldDay[i] = dc.yieldDay;
    });
  }

  private requestAlarms(answers: boolean): void {
    this.alarmStoredCounter = this.reading.eventCounter & 0xff;
    if (this.radio.exchange(answers, 2) !== 'ok') {
      this.alarmFailed = true;
      return;
    }
    this.alarmFailed = false;
    this.eventBuffer = this.physical.events.map((event) => ({ ...event }));
    this.updateSeq += 1;
  }

  private limitReadDue(uptime: number): boolean {
    return (
      uptime - this.lastLimitReadAt > LIMIT_READ_INTERVAL_MS &&
      uptime - this.lastLimitAckAt > LIMIT_READ_GUARD_MS
    );
  }

  private requestLimit(answers: boolean, ctx: VisitContext): void {
    ctx.log('Request SystemConfigPara');
    if (this.radio.exchange(answers, 1) !== 'ok') return;
    this.lastLimitReadAt = ctx.uptime;
    this.limitRelative = Math.min(100, Math.round(this.physical.limit * 10) / 10);
  }

  private applyCommand(command: Command, at: number, uptime: number): void {
    if (command.kind === 'power') {
      if (command.action === 'restart') this.physical.restart(at);
      else this.physical.setPower(command.action === 'on', at);
      return;
    }
    const relative = !command.absolute;
    const persistent = command.persistent;
    const nominal = this.spec.nominalPower;
    this.physical.setLimit(relative ? command.value : (command.value / nominal) * 100, persistent, at);
    this.lastLimitAckAt = uptime;
    if (relative) this.limitRelative = Math.min(100, command.value);
    else if (this.maxPower > 0) this.limitRelative = Math.min(100, (command.value / this.maxPower) * 100);
    this.updateSeq += 1;
  }
}
