// The start notice and watchdog as systemd would receive them: a unix datagram socket (what
// systemd listens on, made here by Python), the real systemd-notify, the real app in front
// of the virtual DTU.
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { HealthAnswer } from '@opendtu/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifySystemd, stuck, type Notifier } from '../src/ops/systemd-notify';
import { JUNE_NOON, startCompanion, startDevice, tempDir, until } from './helpers';
import type { TestCompanion, TestDevice } from './helpers';

/** Prints each datagram on its own line; file descriptors passed along are closed by the kernel. */
const LISTENER = `
import os, socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
print("listening", flush=True)
while True:
    print(s.recv(4096).decode().replace("\\n", " "), flush=True)
`;

/** A socket as systemd's, at `path`, once it listens: every datagram it received. */
async function listen(path: string): Promise<{ heard: string[]; stop: () => void }> {
  const heard: string[] = [];
  const listener: ChildProcess = spawn('python3', ['-c', LISTENER, path], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: listener.stdout! }).on('line', (line) => line && heard.push(line));
  await until(() => heard.includes('listening'), 10_000);
  return { heard, stop: () => listener.kill() };
}

describe('systemd notify and watchdog', { timeout: 60_000 }, () => {
  let dir: string;
  let systemd: { heard: string[]; stop: () => void };
  let device: TestDevice;
  let companion: TestCompanion;
  let notifier: Notifier | undefined;

  beforeAll(async () => {
    dir = await tempDir('notify');
    systemd = await listen(join(dir, 'notify.sock'));
    device = await startDevice(JUNE_NOON);
    companion = await startCompanion(new URL(device.url));
  });
  afterAll(async () => {
    notifier?.stop();
    systemd?.stop();
    await companion?.close();
    await device?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('says ready, then that all is well at half the watchdog time', async () => {
    notifier = notifySystemd(companion.app, (line) => companion.lines.push(line), {
      NOTIFY_SOCKET: join(dir, 'notify.sock'),
      WATCHDOG_USEC: '400000',
    });
    await until(() => systemd.heard.filter((line) => line === 'WATCHDOG=1').length >= 3, 20_000);
    expect(systemd.heard.find((line) => line.includes('READY=1'))).toMatch(
      /READY=1.*STATUS=Recording|STATUS=Recording.*READY=1/,
    );
    expect(companion.lines.filter((line) => /systemd|Watchdog/.test(line))).toEqual([]);
    notifier.stop();
    notifier = undefined;
  });

  it('without NOTIFY_SOCKET (not under systemd) says nothing', async () => {
    // It would run systemd-notify, which fails without a socket to tell, and say so.
    const said: string[] = [];
    const quiet = notifySystemd(companion.app, (line) => said.push(line), { WATCHDOG_USEC: '400000' });
    // Beside it the same server under systemd, telling a socket of its own: its watchdog
    // messages arriving show the watchdog times passing, in which the quiet one would speak.
    const second = await listen(join(dir, 'second.sock'));
    const loud = notifySystemd(companion.app, () => undefined, {
      NOTIFY_SOCKET: join(dir, 'second.sock'),
      WATCHDOG_USEC: '400000',
    });
    try {
      await until(() => second.heard.filter((line) => line === 'WATCHDOG=1').length >= 3, 20_000);
    } finally {
      loud.stop();
      quiet.stop();
      second.stop();
    }
    expect(said).toEqual([]);
  });

  it('counts a stuck recorder as a reason to restart, an absent device or a full disk not', () => {
    const health = (problems: HealthAnswer['problems'], state: HealthAnswer['recorder']['state']) =>
      ({ healthy: problems.length === 0, problems, recorder: { state, last_write: null } }) as HealthAnswer;
    expect(stuck(health(['recorder-stalled'], 'recording'))).toBe(true);
    expect(stuck(health(['recorder-stalled'], 'waiting-for-clock'))).toBe(false);
    expect(stuck(health(['disk-full', 'recorder-stalled'], 'paused-disk-full'))).toBe(false);
    expect(stuck(health(['device-unreachable'], 'recording'))).toBe(false);
  });
});
