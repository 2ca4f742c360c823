/**
 * Every rule that judges from what the watcher has seen, in one list: a new rule writes its
 * judge in its own file and adds it here (a rule that needs a device read of its own adds
 * that read to device-polls.ts).
 */
import type { CommandSeen } from './command-rule';
import { judge, type AlertSettings, type Verdict, type WatchState } from './rules';
import { judgeStrings, type StringSeen } from './string-rule';
import { judgeThresholds } from './threshold-rules';
import { judgeCommands } from './command-rule';

/** What the watcher has seen, beyond the state every rule reads. */
export interface Seen {
  strings: ReadonlyMap<string, StringSeen>;
  commands: ReadonlyMap<string, CommandSeen>;
  /** Device time since when the InfluxDB push fails; undefined: it does not (or there is none). */
  influxFailingSince: number | undefined;
}

export type Judge = (state: WatchState, seen: Seen, settings: AlertSettings) => Verdict;

export const JUDGES: readonly Judge[] = [
  (state, _seen, settings) => judge(state, settings),
  (state, seen, settings) => judgeStrings(seen.strings.values(), state, settings),
  (state, seen, settings) => judgeCommands(seen.commands.values(), state, settings),
  (state, seen, settings) =>
    judgeThresholds({ ...state, influxFailingSince: seen.influxFailingSince }, settings),
];
