// What an inverter's badge says (spec §4): colour plus a word, so the state never rests
// on colour alone.
import type { LiveInverterCommon } from '@opendtu/api';

export type InverterState = 'disabled' | 'unreachable' | 'idle' | 'producing';

export function inverterState(
  inverter: Pick<LiveInverterCommon, 'poll_enabled' | 'reachable' | 'producing'>,
): InverterState {
  if (!inverter.poll_enabled) return 'disabled';
  if (!inverter.reachable) return 'unreachable';
  return inverter.producing ? 'producing' : 'idle';
}

/** Bootstrap background of the badge for each state. */
export const STATE_BADGE: Record<InverterState, string> = {
  disabled: 'text-bg-secondary',
  unreachable: 'text-bg-danger',
  idle: 'text-bg-warning',
  producing: 'text-bg-success',
};

/** Translation key of the word that says the same as the colour. */
export const STATE_TEXT: Record<InverterState, string> = {
  disabled: 'home.StatePollingOff',
  unreachable: 'home.StateUnreachable',
  idle: 'home.StateIdle',
  producing: 'home.StateProducing',
};
