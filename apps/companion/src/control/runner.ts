/**
 * The zero-export controller at work against the device: it reads the meter, follows the
 * inverters in the live frames the server already receives, and sends what `step` decides
 * through the limit channel (../limits/limit-channel.ts: status, non-persistent W limits,
 * acknowledgements), the owner of its inverters there while it runs. Pause and stop give every
 * inverter its limit from before back, confirmed.
 *
 * Its clock is the channel's: device time (`--speed` of a fast virtual DTU, 1 for a real
 * one), with floors of real time where the network and the meter set the pace.
 */
import { liveValue, type ControlCommand, type ControlState, type LiveInverterFull } from '@opendtu/api';
import type { LimitChannel, SentCommand } from '../limits/limit-channel';
import { wattsOf } from '../limits/limit-rules';
import { frameInverters } from '../live/frame';
import type { UpstreamSocket } from '../live/upstream';
import type { LogLine } from '../log';
import { maskedMeter } from './meter';
import type { ControlConfig } from './config';
import { METER_STALE_MS, MeterSource, isFresh, type MeterPool, type MeterReading } from './meter-source';
import { step, SETTLE_MS, type ControlMemory, type InverterView, type LimitCommand } from './step';

const KEPT_COMMANDS = 50;
/** How long the first step waits for every controlled inverter's live data. */
const LIVE_WAIT_MS = 15_000;
/** Real ms floors: a meter is not read more often, nor a round trip expected faster. */
const FLOOR_MS = { poll: 100, settle: 300, stale: 3000, liveWait: 2000 };

interface Live {
  reachable: boolean;
  producing: boolean;
  outputW: number | undefined;
  outputAt: number;
  limitW: number | undefined;
}

export class ControlRunner {
  state: ControlState = 'starting';
  paused = false;
  /** A schedule window turned the controller off (apart from the owner's pause). */
  scheduleOff = false;
  /** A schedule window's target, W; undefined: the configured one. */
  scheduleTarget: number | undefined;
  readonly meter: MeterSource;
  memory: ControlMemory = { fallback: false, inverters: {} };
  readonly commands: ControlCommand[] = [];
  private learntAt = 0;
  private readonly live = new Map<string, Live>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private ticking = false;
  /** The give-back under way (a pause, a schedule, a stop). */
  private givingBackNow: Promise<void> | undefined;
  private stopped = true;
  private readonly onFrame = (text: string, arrival: number): void => this.ingest(text, arrival);
  /** The controller's clock: device ms since the epoch at the device's speed (no offset). */
  readonly now: () => number;
  /** Real ms between two steps (and meter readings). */
  private readonly pollRealMs: number;
  private readonly timing: NonNullable<ControlConfig['timing']>;

  private readonly channel: LimitChannel;
  private readonly upstream: UpstreamSocket;
  private readonly log: LogLine;
  /** Device ms per real ms: the device clock's speed (the channel's). */
  private readonly speed: number;

  constructor(
    private readonly config: ControlConfig,
    parts: {
      channel: LimitChannel;
      upstream: UpstreamSocket;
      log: LogLine;
      /** Where the meter is read once for every part that uses it (the grid meter's recorder). */
      meters?: MeterPool | undefined;
    },
  ) {
    ({ channel: this.channel, upstream: this.upstream, log: this.log } = parts);
    this.speed = this.channel.speed;
    this.now = this.channel.now;
    this.pollRealMs = Math.max(FLOOR_MS.poll, config.pollMs / this.speed);
    this.timing = {
      settleMs: this.atLeastReal(SETTLE_MS, FLOOR_MS.settle),
      ackTimeoutMs: this.channel.timing.ackTimeoutMs,
      staleMs: this.atLeastReal(METER_STALE_MS, FLOOR_MS.stale),
    };
    this.meter = new MeterSource(config.meter, this.pollRealMs, this.now, { pool: parts.meters });
    this.meter.onReading = () => this.stepNow();
    // A higher sender cannot take an inverter from zero export: nothing to hear from onLost.
  }

  private atLeastReal(deviceMs: number, realMs: number): number {
    return this.channel.atLeastReal(deviceMs, realMs);
  }

  /** The meter's latest reading while the controller may act on it (`realNow`: this machine's ms). */
  freshReading(realNow?: number): MeterReading | undefined {
    const { latest, error } = this.meter;
    const now = realNow === undefined ? this.now() : realNow * this.speed;
    return isFresh(latest, error !== undefined, now, this.timing.staleMs) ? latest : undefined;
  }

  /** This machine's time of an instant on the controller's clock. */
  realTime(at: number): Date {
    return new Date(Math.round(at / this.speed));
  }

  start(): void {
    this.stopped = false;
    this.upstream.on('frame', this.onFrame);
    this.meter.start();
    this.log(
      `Zero export: keeping the grid at ${this.config.targetW} W ± ${this.config.bandW} W with the meter ${maskedMeter(this.config.meter)}${this.config.waitOutSwitching ? '' : ' (loads that switch on and off are covered at once)'}`,
    );
    this.schedule();
  }

  /** Gives the limits from before back and stops (the server is stopping). */
  async stop(): Promise<void> {
    this.paused = true;
    this.stopped = true;
    await this.giveBackOnce();
    clearTimeout(this.timer);
    await this.running;
    this.upstream.off('frame', this.onFrame);
    await this.meter.stop();
  }

  /** Pause: the limits from before go back, confirmed; resume: control again. */
  async setPaused(paused: boolean): Promise<void> {
    if (paused === this.paused) return;
    this.paused = paused;
    this.log(
      paused ? 'Zero export paused: giving the inverters their own limits back' : 'Zero export resumed',
    );
    if (paused) await this.giveBackOnce();
  }

  /** A schedule window turns the controller off (the limits from before go back) or on again. */
  async setScheduled(on: boolean, targetW: number | undefined): Promise<void> {
    if (targetW !== this.scheduleTarget)
      this.log(
        `Zero export: target ${targetW ?? this.config.targetW} W (${targetW === undefined ? 'as configured' : 'by the schedule'})`,
      );
    this.scheduleTarget = targetW;
    if (on !== this.scheduleOff) return;
    this.scheduleOff = !on;
    this.log(
      on
        ? 'Zero export on again (schedule)'
        : 'Zero export off by the schedule: giving the inverters their own limits back',
    );
    if (!on) await this.giveBackOnce();
  }

  /** The inverters controlled (once their limits from before are known). */
  views(): InverterView[] {
    return Object.keys(this.memory.inverters).map((serial) => this.view(serial));
  }

  private schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.stepNow(), this.pollRealMs);
  }

  /**
   * A step now: on the poll's beat, and as soon as a reading arrives, so a load that drops
   * is answered within the meter's round trip, not up to a poll later. One step at a time,
   * and none while the limits from before are being given back.
   */
  private stepNow(): void {
    if (this.stopped || this.givingBackNow || this.ticking) return;
    clearTimeout(this.timer);
    this.ticking = true;
    this.running = this.tick().finally(() => {
      this.ticking = false;
      this.schedule();
    });
  }

  private ingest(text: string, arrival: number): void {
    for (const inverter of frameInverters(text)) {
      const ac = (inverter as Partial<LiveInverterFull>).AC?.['0'];
      this.live.set(inverter.serial, {
        reachable: inverter.reachable,
        producing: inverter.producing,
        outputW: liveValue(ac, 'Power'),
        // data_age_ms is counted on the device's clock.
        outputAt: arrival * this.speed - inverter.data_age_ms,
        limitW: inverter.limit_absolute >= 0 ? inverter.limit_absolute : undefined,
      });
    }
  }

  private view(serial: string): InverterView {
    const live = this.live.get(serial);
    const status = this.channel.status?.[serial];
    return {
      serial,
      maxPower: status?.max_power ?? 0,
      reachable: live?.reachable ?? false,
      producing: live?.producing ?? false,
      outputW: live?.outputW,
      outputAt: live?.outputAt,
      limitW: live?.limitW,
      setStatus: status?.limit_set_status,
    };
  }

  /** Learns the owner's limits of the chosen inverters before anything is sent. */
  private async learnLimits(): Promise<void> {
    if (!(await this.channel.read())) return;
    const status = this.channel.status!;
    // The device's own spelling of each serial is kept (the options are lower case).
    const serials = Object.keys(status);
    const wanted =
      this.config.inverters === 'all'
        ? serials
        : this.config.inverters.map((serial) => serials.find((s) => s.toLowerCase() === serial) ?? serial);
    const inverters: ControlMemory['inverters'] = {};
    for (const serial of wanted) {
      const entry = status[serial];
      if (!entry) this.log(`Zero export: the device has no inverter ${serial}; left out`, 'warn');
      else if (entry.max_power <= 0)
        this.log(`Zero export: ${serial} is left out until its model (rated power) is known`, 'warn');
      else
        inverters[serial] = {
          // Another sender may own it now: the limit from before is the owner's.
          beforeW: Math.round(wattsOf(this.channel.before(serial)!, entry.max_power)),
          last: undefined,
        };
    }
    if (Object.keys(inverters).length === 0) return;
    this.memory = { fallback: false, inverters };
    this.learntAt = this.now();
    this.state = 'in-band';
    const list = Object.entries(inverters).map(([serial, track]) => `${serial} (${track.beforeW} W)`);
    this.log(`Zero export controls ${list.join(', ')}`);
  }

  private async tick(): Promise<void> {
    const now = this.now();
    if (this.state === 'starting') return this.learnLimits();
    if (this.paused || this.scheduleOff) {
      // Paused while still learning the limits: nothing was sent, nothing to give back.
      if (!this.givingBackNow) this.state = 'paused';
      return;
    }
    // The device pushes an unchanged inverter only every 10 s: without its output the first
    // step would leave it out of the sum.
    if (
      now - this.learntAt < this.atLeastReal(LIVE_WAIT_MS, FLOOR_MS.liveWait) &&
      Object.keys(this.memory.inverters).some((s) => !this.live.has(s))
    )
      return;
    await this.channel.refresh();
    for (const serial of Object.keys(this.memory.inverters)) this.channel.take('zero-export', serial);
    const result = step(
      this.memory,
      {
        now: this.now(),
        reading: this.meter.latest,
        meterFailing: this.meter.error !== undefined,
        inverters: this.views(),
      },
      { ...this.config, targetW: this.scheduleTarget ?? this.config.targetW, timing: this.timing },
    );
    for (const line of result.log) this.log(line, result.state === 'fallback' ? 'warn' : 'info');
    this.memory = result.memory;
    this.state = result.state;
    this.noteAcknowledgements();
    await this.send(result.commands, result.state === 'fallback' ? 'fallback' : 'control');
  }

  /** Lists a command for the Control screen. */
  private list(serial: string, watts: number, sentAt: number, reason: ControlCommand['reason']): void {
    this.commands.unshift({ serial, limit_w: watts, sent: this.sentText(sentAt), status: 'pending', reason });
    this.commands.length = Math.min(this.commands.length, KEPT_COMMANDS);
  }

  /** Sends the commands; one the device did not take counts as failed (its interval still holds). */
  private async send(commands: readonly LimitCommand[], reason: ControlCommand['reason']): Promise<void> {
    for (const { serial, watts } of commands) {
      this.list(serial, watts, this.memory.inverters[serial]!.last!.sentAt, reason);
      const sent = await this.channel.send('zero-export', serial, { value: watts, unit: 'W' });
      const taken = sent !== undefined && sent.status !== 'failure';
      this.log(
        `Zero export: ${serial} limit ${watts} W (${reason})${taken ? '' : ', not taken by the device'}`,
        'debug',
      );
      if (!taken) {
        const track = this.memory.inverters[serial]!;
        this.memory.inverters[serial] = { ...track, last: { ...track.last!, status: 'failure' } };
      }
    }
    this.noteAcknowledgements();
  }

  /** The command list shows each inverter's last command with its acknowledgement. */
  private noteAcknowledgements(): void {
    for (const [serial, track] of Object.entries(this.memory.inverters)) {
      const entry = this.commands.find((command) => command.serial === serial);
      if (entry && track.last && entry.sent === this.sentText(track.last.sentAt))
        entry.status = track.last.status;
    }
  }

  /** A command's time in the list: this machine's clock, as before the device-time steps. */
  private sentText(sentAt: number): string {
    return this.realTime(sentAt).toISOString();
  }

  /** One give-back at a time: a stop during a pause's give-back waits for it. */
  private giveBackOnce(): Promise<void> {
    this.givingBackNow ??= this.giveBack().finally(() => {
      this.givingBackNow = undefined;
      if ((this.paused || this.scheduleOff) && this.state !== 'starting') this.state = 'paused';
      if (!this.stopped) this.schedule();
    });
    return this.givingBackNow;
  }

  /** Gives every inverter its limit from before back through the channel, confirmed or late. */
  private async giveBack(): Promise<void> {
    clearTimeout(this.timer);
    await this.running;
    if (this.state === 'starting') return;
    this.state = 'restoring';
    const sent = new Map<string, SentCommand>();
    // The memory follows each give-back command, so the list shows its acknowledgement.
    const follow = (): void => {
      const inverters = { ...this.memory.inverters };
      for (const [serial, command] of sent) {
        const track = inverters[serial]!;
        inverters[serial] = {
          ...track,
          last: { watts: track.beforeW, sentAt: command.sentAt, status: command.status },
        };
      }
      this.memory = { ...this.memory, inverters };
      this.noteAcknowledgements();
    };
    const result = await this.channel.giveBack('zero-export', {
      onSent: (command) => {
        const track = this.memory.inverters[command.serial];
        if (!track) return;
        sent.set(command.serial, command);
        this.list(command.serial, track.beforeW, command.sentAt, 'restore');
        follow();
      },
      onRound: follow,
    });
    if (!result.done)
      this.log('Zero export: not every inverter confirmed its own limit back in time', 'warn');
  }
}
