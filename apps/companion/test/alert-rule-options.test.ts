// The options of the second part's rules, the reminder and the quiet hours, from the
// command line, the environment and the config file alike.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { USAGE } from '../src/config/cli';
import { tempDir } from './helpers';
import { options, refusal } from './parse-options';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('alert rule options', () => {
  it('has every rule with its default: temperature, reminder and quiet hours off', () => {
    const { alertSettings } = options([]);
    expect(
      Object.values(alertSettings.rules).map((rule) => [
        rule.rule,
        rule.enabled,
        rule.minutes,
        rule.threshold,
      ]),
    ).toEqual([
      ['inverter-silent', true, 15, undefined],
      ['string-weak', true, 30, 0.5],
      ['command-failed', true, 5, undefined],
      ['dtu-unreachable', true, 5, undefined],
      ['eventlog', true, 5, undefined],
      ['energy-low', true, 0, 0.5],
      ['inverter-hot', false, 5, 70],
      ['influx-failing', true, 60, undefined],
    ]);
    expect(alertSettings.reminderHours).toBeUndefined();
    expect(alertSettings.quietHours).toBeUndefined();
    expect(USAGE).toContain('--alert-quiet-hours');
  });

  it('sets thresholds and turns rules on and off from flags, environment and config file', async () => {
    const flags = options([
      '--alert-string-minutes',
      '45',
      '--alert-string-percent',
      '40',
      '--alert-temperature',
      '65',
      '--alert-energy-percent',
      'off',
      '--alert-quiet-hours',
      '22:00-07:00',
    ]).alertSettings;
    expect(flags.rules['string-weak']).toMatchObject({ enabled: true, minutes: 45, threshold: 0.4 });
    expect(flags.rules['inverter-hot']).toMatchObject({ enabled: true, threshold: 65 });
    expect(flags.rules['energy-low'].enabled).toBe(false);
    expect(flags.quietHours).toEqual({ from: 22 * 60, to: 7 * 60 });
    const env = options([], {
      OPENDTU_ALERT_REMINDER_HOURS: '4',
      OPENDTU_ALERT_COMMAND_MINUTES: 'off',
    }).alertSettings;
    expect(env.reminderHours).toBe(4);
    expect(env.rules['command-failed'].enabled).toBe(false);
    const folder = await tempDir('alert-rules-config');
    folders.push(folder);
    const file = join(folder, 'companion.conf');
    await writeFile(file, 'alert-eventlog-minutes = 10\nalert-influx-minutes = off\n');
    const fromFile = options(['--config', file]).alertSettings;
    expect(fromFile.rules.eventlog.minutes).toBe(10);
    expect(fromFile.rules['influx-failing'].enabled).toBe(false);
  });

  it('refuses a malformed threshold or quiet span with the reason', () => {
    expect(refusal(['--alert-temperature', 'hot'])).toMatch(
      /^--alert-temperature must be a number from 20 to 120/,
    );
    expect(refusal(['--alert-string-percent', '150'])).toMatch(
      /^--alert-string-percent must be a number from 1 to 99/,
    );
    expect(refusal([], { OPENDTU_ALERT_QUIET_HOURS: '22-7' })).toBe(
      'OPENDTU_ALERT_QUIET_HOURS must be two different local times such as 22:00-07:00, got "22-7"',
    );
    expect(refusal(['--alert-quiet-hours', '07:00-07:00'])).toMatch(/two different local times/);
  });
});
