// The alert options from the command line, the environment and the config file alike.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers';
import { options, refusal } from './parse-options';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('alert options', () => {
  it('takes --alert-url more than once, and several URLs in the environment or the config file', async () => {
    const flags = options(['--alert-url', 'ntfy://ntfy.sh/plant', '--alert-url', 'https://hooks.example/x']);
    expect(flags.alertChannels.map((channel) => channel.masked)).toEqual([
      'ntfy://ntfy.sh/plant',
      'https://hooks.example/x',
    ]);
    const env = options([], { OPENDTU_ALERT_URL: 'ntfys://me:pw@ntfy.sh/a,https://hooks.example/y?to=a,b' });
    expect(env.alertChannels.map((channel) => channel.masked)).toEqual([
      'ntfys://me:****@ntfy.sh/a',
      'https://hooks.example/y?to=a,b',
    ]);
    const folder = await tempDir('alert-config');
    folders.push(folder);
    const file = join(folder, 'companion.conf');
    await writeFile(file, 'alert-url = ntfy://ntfy.sh/one ntfy://ntfy.sh/two\nalert-dtu-minutes = off\n');
    const fromFile = options(['--config', file]);
    expect(fromFile.alertChannels).toHaveLength(2);
    expect(fromFile.alertSettings.rules['dtu-unreachable'].enabled).toBe(false);
  });

  it('has thresholds with defaults, and refuses a malformed URL or threshold with the reason', () => {
    const defaults = options([]);
    expect(defaults.alertChannels).toEqual([]);
    expect(defaults.alertSettings.rules['inverter-silent']).toEqual({
      rule: 'inverter-silent',
      enabled: true,
      minutes: 15,
    });
    expect(defaults.alertSettings.twilightMinutes).toBe(120);
    expect(options(['--alert-inverter-minutes', '30']).alertSettings.rules['inverter-silent'].minutes).toBe(
      30,
    );
    expect(refusal(['--alert-url', 'ntfy://u:hidden@ntfy.sh/'])).toBe(
      '--alert-url: ntfy://u:****@ntfy.sh/ needs one topic after the host (letters, digits, _ and -, up to 64), e.g. ntfy://ntfy.sh/my-plant',
    );
    expect(refusal([], { OPENDTU_ALERT_URL: 'smtp://mail.example' })).toBe(
      'OPENDTU_ALERT_URL: smtp://mail.example needs to=<address>, e.g. smtp://user:pass@mail.example:587?to=me@example.org',
    );
    expect(refusal([], { OPENDTU_ALERT_URL: 'gopher://mail.example/x' })).toMatch(
      /^OPENDTU_ALERT_URL: gopher:\/\/mail.example\/x: "gopher:\/\/" is not a channel; use ntfy:\/\//,
    );
    expect(refusal(['--alert-dtu-minutes', 'soon'])).toMatch(/--alert-dtu-minutes must be a number/);
  });
});
