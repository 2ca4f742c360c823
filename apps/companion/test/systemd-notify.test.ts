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
import { startCompanion, startDevice, tempDir, until, type TestCompanion, type TestDevice } from './helpers';

/** Prints each datagram on its own line; file descriptors passed along are closed by the kernel. */
const LISTENER = `
import os, socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
print("listening", flush=True)
while True:
    print(s.recv(4096).decode().replace("\\n", " "), flush=True)
`;

describe('systemd notify and watchdog', { timeout: 60_000 }, () => {
  let dir: string;
  let listener: ChildProcess;
  let heard: string[];
  let device: TestDevice;
  let companion: TestCompanion;
  let notifier: Notifier | undefined;

  beforeAll(async () => {
    dir = await tempDir('notify');
    heard = [];
    listener = spawn('python3', ['-c', LISTENER, join(dir, 'notify.sock')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    createInterface({ input: listener.stdout! }).on('line', (line) => line && heard.push(line));
    await until(() => heard.includes('listening'), 10_000);
    device = await startDevice();
    companion = await startCompanion(new URL(device.url));
  });
  afterAll(async () => {
    notifier?.stop();
    listener?.kill();
    await companion?.close();
    await device?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('says ready, then that all is well at half the watchdog time', async () => {
    notifier = notifySystemd(companion.app, (line) => companion.lines.push(line), {
      NOTIFY_SOCKET: join(dir, 'notify.sock'),
      WATCHDOG_USEC: '400000',
    });
    await until(() => heard.filter((line) => line === 'WATCHDOG=1').length >= 3, 20_000);
    expect(heard.find((line) => line.includes('READY=1'))).toMatch(
      /READY=1.*STATUS=Recording|STATUS=Recording.*READY=1/,
    );
    expect(companion.lines.filter((line) => /systemd|Watchdog/.test(line))).toEqual([]);
    notifier.stop();
    notifier = undefined;
  });

  it('without NOTIFY_SOCKET (not under systemd) says nothing', async () => {
    // What the first test's notifier still had under way has arrived.
    await new Promise((done) => setTimeout(done, 500));
    const before = heard.length;
    const quiet = notifySystemd(companion.app, () => undefined, { WATCHDOG_USEC: '400000' });
    await new Promise((done) => setTimeout(done, 1000));
    quiet.stop();
    expect(heard.slice(before)).toEqual([]);
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
