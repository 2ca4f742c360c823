// The systemd unit shipped in the package, checked by systemd itself: `systemd-analyze
// verify` (every key known, values valid, the program there) and its offline security
// review. `npm test` installs Debian's systemd package for it (scripts/test-programs.mjs).
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDir } from './helpers';

const UNIT = fileURLToPath(new URL('../systemd/opendtu-companion.service', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/opendtu-companion.mjs', import.meta.url));
const ANALYZE = '/usr/bin/systemd-analyze';

const analyze = (...args: string[]) => spawnSync(ANALYZE, args, { encoding: 'utf8' });

describe('the systemd unit', () => {
  const folder = freshDir('systemd', 'all');
  let unit: string;
  let text: string;
  beforeAll(async () => {
    text = await readFile(UNIT, 'utf8');
    // verify wants the program to exist; where npm install -g puts it differs, so this copy
    // runs the checkout's executable with this Node.
    unit = join(folder(), 'opendtu-companion.service');
    await writeFile(unit, text.replace(/^ExecStart=.*$/m, `ExecStart=${process.execPath} ${BIN}`));
  });

  it('passes systemd-analyze verify without a warning', () => {
    const result = analyze('verify', unit);
    expect(result.error, `${ANALYZE} is missing: apt-get install systemd`).toBeUndefined();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('runs as its own dynamic user with its data in the state folder(), configured by an env file', () => {
    for (const line of [
      'DynamicUser=yes',
      'StateDirectory=opendtu-companion',
      'Environment=OPENDTU_DATA=%S/opendtu-companion',
      'EnvironmentFile=-/etc/opendtu-companion.env',
      'Restart=on-failure',
      'Type=notify',
      'NotifyAccess=all',
      'WatchdogSec=60',
      'RestartPreventExitStatus=2',
      'ProtectSystem=strict',
      'ProtectHome=yes',
      'NoNewPrivileges=yes',
      'PrivateTmp=yes',
      'PrivateDevices=yes',
      'RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX',
    ])
      expect(text.split('\n')).toContain(line);
    expect(text).toMatch(/^ExecStart=opendtu-companion$/m);
  });

  it('is rated well by systemd-analyze security', () => {
    const result = analyze('security', '--offline=true', unit);
    const exposure = /Overall exposure level for \S+: ([\d.]+)/.exec(result.stdout)?.[1];
    expect(result.status).toBe(0);
    // 0 is a fully locked-down unit, 10 an unprotected one; 2 or less is systemd's "OK".
    expect(Number(exposure)).toBeLessThanOrEqual(2);
  });
});
