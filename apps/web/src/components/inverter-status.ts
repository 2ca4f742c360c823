// What an inverter's badge says (spec §4): colour plus a word, so the state never rests
// on colour alone. At night (the device's sun period) an inverter without sun does not
// answer: that is sleep, shown in a neutral colour, not the red of a fault. Nor is it a
// fault while the device has no clock yet (its first seconds, NTP pending): it polls no
// inverter until it has one (its hint time_sync), so none has answered.
import type { LiveInverterCommon } from '@opendtu/api';

export type InverterState = 'disabled' | 'waiting' | 'asleep' | 'unreachable' | 'idle' | 'producing';

export function inverterState(
  inverter: Pick<LiveInverterCommon, 'poll_enabled' | 'reachable' | 'producing'>,
  night = false,
  noClock = false,
): InverterState {
  if (!inverter.poll_enabled) return 'disabled';
  if (!inverter.reachable) return noClock ? 'waiting' : night ? 'asleep' : 'unreachable';
  return inverter.producing ? 'producing' : 'idle';
}

/** Bootstrap background of the badge for each state. */
export const STATE_BADGE: Record<InverterState, string> = {
  disabled: 'text-bg-secondary',
  waiting: 'text-bg-secondary',
  asleep: 'text-bg-secondary',
  unreachable: 'text-bg-danger',
  idle: 'text-bg-warning',
  producing: 'text-bg-success',
};

/** Translation key of the word that says the same as the colour. */
export const STATE_TEXT: Record<InverterState, string> = {
  disabled: 'home.StatePollingOff',
  waiting: 'home.StateNoClock',
  asleep: 'home.StateAsleep',
  unreachable: 'home.StateUnreachable',
  idle: 'home.StateIdle',
  producing: 'home.StateProducing',
};

/** The glyph before the word, so the state shows without colour too. */
export const STATE_GLYPH: Record<InverterState, string> = {
  disabled: '⏸',
  waiting: '◷',
  asleep: '☾',
  unreachable: '✕',
  idle: '○',
  producing: '✓',
};
