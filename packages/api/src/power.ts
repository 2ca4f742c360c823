import type { SetStatus } from './limit';

/** One inverter's entry of GET /api/power/status (contract §9.3). */
export interface PowerStatus {
  power_set_status: SetStatus;
}

/** GET /api/power/status: keyed by inverter serial (hex). */
export type PowerStatusMap = Record<string, PowerStatus>;

/**
 * POST /api/power/config (contract §9.4): switch on/off, or restart. When both keys are
 * present `power` wins; `restart: false` does nothing.
 */
export type PowerConfigRequest = { serial: string; power: boolean } | { serial: string; restart: boolean };
