// The controller's words, pure: which text names a state and says why, and how the grid
// power reads (import or export). States the screen does not know yet (a newer server)
// are shown by their own name.
import type { ControlCommandStatus, ControlState } from '@opendtu/api';

const STATE_KEYS: Record<Exclude<ControlState, 'off'>, string> = {
  starting: 'Starting',
  following: 'Following',
  'in-band': 'InBand',
  waiting: 'Waiting',
  fallback: 'Fallback',
  restoring: 'Restoring',
  paused: 'Paused',
  maxed: 'Maxed',
  holding: 'Holding',
  idle: 'Idle',
};

/**
 * The i18n keys of a state's name and explanation; undefined for a state unknown here.
 * `scheduleOff`: a schedule window turned control off (paused without the owner's pause).
 */
export function stateKeys(state: string, scheduleOff = false): { name: string; why: string } | undefined {
  const key =
    state === 'paused' && scheduleOff
      ? 'Scheduled'
      : (STATE_KEYS[state as keyof typeof STATE_KEYS] as string | undefined);
  return key ? { name: `control.State${key}`, why: `control.Why${key}` } : undefined;
}

/** Colour of a command's acknowledgement badge (the word says it too). */
export const STATUS_VARIANT: Record<ControlCommandStatus, string> = {
  ok: 'text-bg-success',
  pending: 'text-bg-warning',
  failure: 'text-bg-danger',
  timeout: 'text-bg-danger',
};

export const statusKey = (status: ControlCommandStatus): string =>
  `control.Ack${status[0]!.toUpperCase()}${status.slice(1)}`;

/** Which way the grid power goes: positive is taken from the grid, negative fed into it. */
export function gridKey(powerW: number): string {
  return powerW < 0 ? 'control.GridExport' : powerW > 0 ? 'control.GridImport' : 'control.GridZero';
}
