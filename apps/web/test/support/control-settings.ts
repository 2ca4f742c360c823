// The zero-export controller's settings as the companion answers them, for the Control
// screen's tests: each test changes only what it is about.
import type { ControlSettingsBody } from '@opendtu/api';

/** On, reading a Shelly Pro 3EM, aiming at 0 W within 25 W, every inverter. */
export const CONTROL_SETTINGS: ControlSettingsBody = {
  enabled: true,
  meter: { kind: 'shelly-pro-3em', url: 'http://192.168.1.60/', path: null },
  target_w: 0,
  band_w: 25,
  interval_s: 10,
  poll_s: 2,
  inverters: 'all',
  fallback: 'before',
  wait_out_switching: true,
};
