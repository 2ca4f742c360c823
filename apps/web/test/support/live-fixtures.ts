// Inverters as the device's live answers carry them, for tests that need one whole: each
// test names only what it is about.
import type { LiveInverterCommon, LiveInverterFull, RadioStats } from '@opendtu/api';
import type { LiveInverter } from '../../src/lib/live-merge';

/** Ten requests, all answered, the strong signal an HM inverter reports as -30 dBm. */
export const RADIO_STATS: RadioStats = {
  tx_request: 10,
  tx_re_request: 0,
  rx_success: 10,
  rx_fail_nothing: 0,
  rx_fail_partial: 0,
  rx_fail_corrupt: 0,
  rssi: -30,
};

/** An inverter of the list answer: polled, reachable, producing, at 100 % of 800 W. */
export const commonInverter = (
  serial: string,
  extra: Partial<LiveInverterCommon> = {},
): LiveInverterCommon => ({
  serial,
  name: `Inverter ${serial}`,
  order: 0,
  data_age: 3,
  data_age_ms: 3000,
  poll_enabled: true,
  reachable: true,
  producing: true,
  limit_relative: 100,
  limit_absolute: 800,
  radio_stats: RADIO_STATS,
  ...extra,
});

/** The same with its channels (none unless given), as the store keeps it. */
export const fullInverter = (
  serial: string,
  extra: Partial<LiveInverter & LiveInverterFull> = {},
): LiveInverter & LiveInverterFull => ({
  ...commonInverter(serial),
  data_age_ms: 3000,
  AC: {},
  DC: {},
  INV: {},
  events: 0,
  received_at: 0,
  ...extra,
});
