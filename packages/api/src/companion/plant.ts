/**
 * The plant: every device one companion serves, and their totals (issue 33). The server
 * builds these values and the plant page shows them; the arithmetic lives here so both
 * read the same sums and the same list of what a sum lacks.
 */

/** What one device adds to the plant, as its live data reports it. */
export interface DeviceTotals {
  /** AC power now, W. */
  power_w: number;
  /** Today's yield, Wh. */
  yield_day_wh: number;
  /** The yield over the inverters' lives, kWh. */
  yield_total_kwh: number;
}

/** One device on the plant page. */
export interface PlantDevice {
  /** The device's name as configured (`--device garage=...`). */
  name: string;
  /** The companion's connection to it is up and its values are current. */
  online: boolean;
  /** ISO 8601 time since when it is offline; null while online. */
  offline_since: string | null;
  /** Its firmware version as it reported it; null before it has. */
  firmware: string | null;
  /** Inverters it reports. */
  inverters: number;
  /**
   * Its totals: the current ones while online, the last known while offline (shown
   * greyed); null when none has arrived yet.
   */
  totals: DeviceTotals | null;
}

/** The plant's sums, and who is not in them. */
export interface PlantTotals extends DeviceTotals {
  /**
   * Names of the devices whose values are missing or stale, in the plant's order: the sums
   * do not hold them, and a screen says so beside them.
   */
  lacking: string[];
}

/** Sums carry no float noise (0.1 + 0.2); no device reports finer than this. */
const round = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * Sums the online devices' totals and names every other device in `lacking`. An offline
 * device's last values are not added: that power may not be produced now, and that yield
 * stopped counting when the device went away, so a sum with them would look complete and
 * be wrong by an amount nobody can see. A sum that says what it lacks is honest; the last
 * values stay on the device, for the screen to show greyed.
 */
export function plantTotals(devices: readonly PlantDevice[]): PlantTotals {
  const sums: PlantTotals = { power_w: 0, yield_day_wh: 0, yield_total_kwh: 0, lacking: [] };
  for (const device of devices) {
    if (!device.online || device.totals === null) {
      sums.lacking.push(device.name);
      continue;
    }
    sums.power_w += device.totals.power_w;
    sums.yield_day_wh += device.totals.yield_day_wh;
    sums.yield_total_kwh += device.totals.yield_total_kwh;
  }
  sums.power_w = round(sums.power_w);
  sums.yield_day_wh = round(sums.yield_day_wh);
  sums.yield_total_kwh = round(sums.yield_total_kwh);
  return sums;
}

/** An inverter serial that more than one device reports. */
export interface DuplicateSerial {
  /** Lower-case, as on the wire. */
  serial: string;
  /** The devices that report it, in the plant's order. */
  devices: string[];
}

/**
 * Every inverter serial present on two or more devices, with their names: the same
 * inverter registered on two DTUs is polled by both and would be counted twice. Serials
 * are compared without regard to case (hex, whichever case a device writes); a serial
 * twice on one device is that device's own business, not a duplicate here. In the order
 * the serials first appear.
 */
export function duplicateSerials(serialsByDevice: ReadonlyMap<string, readonly string[]>): DuplicateSerial[] {
  const devicesOf = new Map<string, string[]>();
  for (const [device, serials] of serialsByDevice) {
    for (const serial of serials) {
      const key = serial.toLowerCase();
      const devices = devicesOf.get(key);
      if (devices === undefined) devicesOf.set(key, [device]);
      else if (!devices.includes(device)) devices.push(device);
    }
  }
  return [...devicesOf]
    .filter(([, devices]) => devices.length > 1)
    .map(([serial, devices]) => ({ serial, devices }));
}

/** One string (DC input) of an inverter on the plant page. */
export interface PlantString {
  /** The string's name as set on its device; '' when none is set. */
  name: string;
  /** DC power now, W; null when the device did not report it. */
  power_w: number | null;
  /** Today's yield of the string, Wh; null when not reported. */
  yield_day_wh: number | null;
}

/** One inverter of one device on the plant page, from its device's live data. */
export interface PlantInverter {
  /** The device that reports it (`PlantDevice.name`). */
  device: string;
  serial: string;
  name: string;
  /** The device's position of it in its own list (the overview's order within a device). */
  order: number;
  reachable: boolean;
  producing: boolean;
  /** AC power now, W; null when not reported (an inverter not heard since the device started). */
  power_w: number | null;
  yield_day_wh: number | null;
  yield_total_kwh: number | null;
  /** The limit the inverter reports, % of its rated power; null when unknown. */
  limit_relative: number | null;
  /** Milliseconds between its last statistics and the device's answer. */
  data_age_ms: number;
  strings: PlantString[];
}

/**
 * GET /companion/api/plant, served at the companion's root when it fronts several devices.
 * `devices` in the order they were configured; `inverters` by device in that order, then
 * by each device's own order; an offline device's inverters stay with their last values
 * (the screen greys them), and `totals` names that device in `lacking`.
 */
export interface PlantAnswer {
  devices: PlantDevice[];
  totals: PlantTotals;
  inverters: PlantInverter[];
  /** Serials that more than one device reports (the page and the log flag them). */
  duplicates: DuplicateSerial[];
  /**
   * Today on the plant's clock, YYYY-MM-DD: the first device's that knows the time (the
   * history's days are the devices'); absent until one does.
   */
  today?: string;
}
