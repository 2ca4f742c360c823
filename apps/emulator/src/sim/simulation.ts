/**
 * The simulation as part of a running device: builds the inverters from config.json
 * (at boot only those whose radio is configured, contract §5.1), follows inverter and
 * location changes, keeps lifetime yields on disk and exposes `sync()` so every reader
 * sees the state at the clock's present.
 */
import { formatSerial, type ConfigInverter } from '@opendtu/api';
import type { ConfigSection, Device } from '../device';
import type { DtuInverter } from './dtu-inverter';
import { GridState } from './grid';
import { applyFaults } from './faults';
import { createInverter } from './inverter-factory';
import { Poller } from './poller';
import { seedOf } from './random';
import type { InverterSource } from './registry';
import { createSky, type WeatherClass } from './weather';
import { loadInverterStates, saveInverterStates, type StoredInverters } from './yield-store';

/** How much of the past the physics lives through when an inverter appears. */
const HISTORY_MS = 86_400_000;
/** What the night before local midnight needs to settle (the inverters sleep by then). */
const MIN_HISTORY_MS = 3_600_000;
/**
 * The DTU's poll interval while it lives through the day at boot: the last values and
 * their age come out the same at a fraction of the cost of the configured interval.
 */
const REPLAY_POLL_MS = 30_000;
/**
 * The replay's last minutes are polled at the configured interval, so each inverter's
 * last reading is as fresh as on a device that ran all along (not up to 30 s old).
 */
const REPLAY_TAIL_MS = 180_000;

export interface SimulationOptions {
  /** Forces the weather of every day (tests); normally drawn per day from the seed. */
  weather?: WeatherClass;
  /**
   * Lives through yesterday and today from local midnight before the device answers, as
   * if it had been running all along: at night it still shows the day's yield and each
   * inverter's last values with their real data age.
   */
  sinceMidnight?: boolean;
}

/** A stored inverter whose lifetime yield is exact at `savedAt`, set when the replay gets there. */
interface SavedState {
  inverter: DtuInverter;
  savedAt: number;
  yields: number[];
  limitNonPersistent: number | undefined;
}

export interface RuntimeEntry {
  inverter: DtuInverter;
  slot: ConfigInverter;
}

export class Simulation implements InverterSource {
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private readonly device: Device,
    readonly poller: Poller,
    private readonly stored: StoredInverters,
  ) {}

  static async start(device: Device, options: SimulationOptions = {}): Promise<Simulation> {
    const config = device.config.get();
    const nowMs = device.clock.now();
    // From yesterday's midnight: started in the small hours, the device still shows the
    // evening's last values and the day's yield, as one that ran through yesterday does.
    const startMs = options.sinceMidnight ? localMidnight(device, localMidnight(device, nowMs) - 1) : nowMs;
    // A device that ran all day had its clock synced all day.
    let replaying = startMs < nowMs;
    const siteSeed = seedOf('site', config.dtu.serial);
    const site = {
      latitude: config.ntp.latitude,
      longitude: config.ntp.longitude,
      sky: createSky(siteSeed, options.weather),
      grid: new GridState(siteSeed),
    };
    const poller = new Poller(
      site,
      {
        config: () => device.config.get(),
        timeValid: () => replaying || device.time.synced(),
        localTime: (at) => device.time.local(at),
        log: (line, at) => device.console.line(line, 'hoymiles', 'I', at),
      },
      startMs,
    );
    const simulation = new Simulation(device, poller, await loadInverterStates(device.dataDir));
    const radios = device.radios();
    const saved: SavedState[] = [];
    for (const slot of config.inverters) {
      if (slot.serial === 0) continue;
      // At boot the device instantiates inverters only when a radio is configured at all.
      if (radios.nrf.configured || radios.cmt.configured) simulation.instantiate(slot, startMs, saved);
    }
    if (replaying) {
      simulation.replay(nowMs, saved);
      replaying = false;
      // Having run all day, it answers with its clock from the first request. Its NTP delay
      // is a fresh boot's: meanwhile it reads 1970, so a client stamped the day's last values
      // with its own date, and the sun was "up" at 01:30.
      device.time.markSynced();
      poller.refreshFlags();
    }
    return simulation;
  }

  // The stored lifetime was exact when it was saved, so it is put back when the replay
  // reaches that moment; energy before then is not counted twice.
  private replay(toMs: number, saved: SavedState[]): void {
    this.poller.setReplayPoll(REPLAY_POLL_MS);
    for (const state of saved.sort((a, b) => a.savedAt - b.savedAt)) {
      if (state.savedAt > toMs) break;
      this.replayTo(state.savedAt, toMs);
      const { physical } = state.inverter;
      state.yields.forEach((wh, i) => (physical.yieldTotalWh[i] = wh));
      // The DTU's last reading stands for what the DTU before the restart read last: at
      // most the counter it was saved with. Shown lower, the lifetime would go down across
      // a restart, which a real inverter's counter never does.
      restoreReadTotals(state.inverter, state.yields);
      if (state.limitNonPersistent !== undefined && physical.answers(state.savedAt)) {
        physical.limitNonPersistent = state.limitNonPersistent;
      }
    }
    this.replayTo(toMs, toMs);
    this.poller.setReplayPoll(undefined);
  }

  // Steps the replay to `atMs`: at the fast poll, but at the configured one for the last
  // minutes before `toMs` also when a saved moment falls into them (a quick restart), so
  // the readings come at the same moments as on the device that ran before the restart.
  private replayTo(atMs: number, toMs: number): void {
    const tailFrom = toMs - REPLAY_TAIL_MS;
    if (this.poller.now < tailFrom) {
      this.poller.step(Math.min(atMs, tailFrom));
      if (this.poller.now >= tailFrom) this.poller.setReplayPoll(undefined);
    }
    this.poller.step(atMs);
  }

  list(): readonly DtuInverter[] {
    return this.poller.inverters;
  }

  /** Brings the world and the DTU up to the clock's present. */
  sync(): void {
    this.step(this.device.clock.now());
  }

  // Faults set since the last step hold from here on (the emulator's endpoint steps at once).
  step(toMs: number): void {
    this.poller.step(toMs);
    applyFaults(this.device.faults, this.poller.inverters, this.poller.now);
  }

  /** Instantiated inverters that have a config slot, in runtime order. */
  entries(): RuntimeEntry[] {
    this.sync();
    const result: RuntimeEntry[] = [];
    for (const inverter of this.poller.inverters) {
      const slot = this.poller.slotOf(inverter.serial);
      if (slot) result.push({ inverter, slot });
    }
    return result;
  }

  find(serial: number): RuntimeEntry | undefined {
    return this.entries().find((entry) => entry.inverter.serial === serial);
  }

  /** Follows a saved configuration section. */
  onConfigSaved(section: ConfigSection): void {
    this.sync();
    const config = this.device.config.get();
    if (section === 'ntp' || section === 'all') {
      this.poller.site.latitude = config.ntp.latitude;
      this.poller.site.longitude = config.ntp.longitude;
    }
    if (section === 'inverters' || section === 'all') {
      const configured = new Set(
        config.inverters.map((slot) => slot.serial).filter((serial) => serial !== 0),
      );
      for (const inverter of [...this.poller.inverters]) {
        if (!configured.has(inverter.serial)) {
          this.remember(inverter);
          this.poller.remove(inverter.serial);
        }
      }
      // Inverters added or re-serialled at runtime are instantiated whatever the radios.
      for (const slot of config.inverters) {
        if (slot.serial !== 0 && !this.poller.inverters.some((inv) => inv.serial === slot.serial)) {
          this.instantiate(slot);
        }
      }
    }
    this.poller.refreshFlags();
  }

  /**
   * Writes what the inverters keep across a DTU restart (lifetime yields, limits, on/off),
   * periodically and at shutdown, one write at a time.
   */
  saveYields(): Promise<void> {
    for (const inverter of this.poller.inverters) this.remember(inverter);
    const snapshot = structuredClone(this.stored);
    this.saving = this.saving.then(() =>
      saveInverterStates(this.device.dataDir, snapshot).catch(() => undefined),
    );
    return this.saving;
  }

  private remember(inverter: DtuInverter): void {
    const { physical } = inverter;
    this.stored[formatSerial(inverter.serial)] = {
      yields: physical.yieldTotalWh.map((wh) => Math.round(wh * 1000) / 1000),
      limitPersistent: physical.limitPersistent,
      limitNonPersistent: physical.limitNonPersistent,
      poweredOn: physical.poweredOn,
      savedAt: this.poller.now,
    };
  }

  private instantiate(slot: ConfigInverter, nowMs = this.device.clock.now(), saved?: SavedState[]): void {
    // Replayed from midnight, the physics still lives through about one day in all.
    const historyMs = saved
      ? Math.max(MIN_HISTORY_MS, HISTORY_MS - (this.device.clock.now() - nowMs))
      : HISTORY_MS;
    const radios = this.device.radios();
    const stored = this.stored[formatSerial(slot.serial)];
    const inverter = createInverter(slot, {
      nowMs,
      storedYields: stored?.yields,
      radioReady: (radio) => radios[radio].configured && radios[radio].connected,
    });
    if (!inverter) return;
    // The inverter did not restart with the DTU: its EEPROM limit and on/off state hold
    // through the replayed day.
    const { physical } = inverter;
    if (stored?.limitPersistent !== undefined) physical.limitPersistent = stored.limitPersistent;
    if (stored?.poweredOn !== undefined) physical.poweredOn = stored.poweredOn;
    this.poller.add(inverter, historyMs, stored !== undefined);
    if (saved && stored?.savedAt !== undefined && stored.savedAt > nowMs) {
      saved.push({
        inverter,
        savedAt: stored.savedAt,
        yields: stored.yields,
        limitNonPersistent: stored.limitNonPersistent,
      });
      return;
    }
    // A non-persistent limit is lost at the inverter's next power-up (morning or restart),
    // so it holds only if the inverter has been up without a break since it was saved.
    const upSince = physical.poweredUpAt;
    if (
      stored?.limitNonPersistent !== undefined &&
      stored.savedAt !== undefined &&
      physical.answers(nowMs) &&
      upSince !== undefined &&
      upSince <= stored.savedAt
    ) {
      physical.limitNonPersistent = stored.limitNonPersistent;
    }
  }
}

/** Puts the saved lifetime into the DTU's last reading, as a read at the saved moment shows it. */
function restoreReadTotals(inverter: DtuInverter, yields: readonly number[]): void {
  if (!inverter.everReceived) return;
  yields.forEach((wh, i) => {
    const channel = inverter.reading.dc[i];
    if (channel) channel.yieldTotal = Math.floor(wh) / 1000;
  });
}

/** The instant the device's local day began (its configured time zone). */
function localMidnight(device: Device, atMs: number): number {
  const local = device.time.local(atMs);
  return atMs - (local.hour * 3600 + local.minute * 60 + local.second) * 1000 - (atMs % 1000);
}
