/**
 * What the zero-export controller runs with, however it was given: the options
 * (options.ts) or the settings saved in the app (settings-body.ts).
 */
import type { MeterSpec } from './meter';
import type { ControlSettings } from './step';

export interface ControlConfig extends ControlSettings {
  meter: MeterSpec;
  /** ms between meter readings (and control steps). */
  pollMs: number;
  /** Serials (hex, as the device writes them) or every inverter. */
  inverters: string[] | 'all';
  /** Whether raises wait out a load that switches on and off (the settings' `wait_out_switching`). */
  waitOutSwitching: boolean;
}
