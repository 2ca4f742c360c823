// The limit channel against the virtual DTU as its own process at 30 times real time: who
// may send to an inverter, a command and its acknowledgement, a limit the owner changed on
// the device, and the give-back of the limit from before (confirmed, passed over for an
// inverter that cannot hear, late for one that never confirms). What is checked is what the
// device heard (its console) and reports (/api/limit/status). The rules the channel applies
// are pure and checked first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceLink } from '../src/device/link';
import { LimitChannel, type SentCommand } from '../src/limits/limit-channel';
import { acknowledgement, giveBackNext, limitLost, type Limit } from '../src/limits/limit-rules';
import { UpstreamSocket } from '../src/live/upstream';
import { call, postData, startDevice, until, type SocketClient, type TestDevice } from './helpers';
import { consoleCaughtUp, consoleLines, limitStatusOf, openConsole } from './house';

const SPEED = 30;
const LIMITED = '114181234569'; // 800 W
const OTHER = '138291234567';
const HUNDRED: Limit = { value: 100, unit: '%' };

describe('the rules of the channel', () => {
  const timing = { ackTimeoutMs: 30_000, deadlineMs: 60_000, intervalMs: 5000 };

  it('settles a command on Ok or Failure, else after the timeout', () => {
    expect(acknowledgement('pending', 0, 'Pending', 29_999)).toBe('pending');
    expect(acknowledgement('pending', 0, 'Ok', 1000)).toBe('ok');
    expect(acknowledgement('pending', 0, 'Failure', 1000)).toBe('failure');
    expect(acknowledgement('pending', 0, 'Pending', 30_000)).toBe('timeout');
    // A settled command stays as it was.
    expect(acknowledgement('failure', 0, 'Ok', 1000)).toBe('failure');
  });

  it('judges a limit lost beyond 2 W or 1 % of the rating', () => {
    expect(limitLost(308, 300, 800)).toBe(false);
    expect(limitLost(309, 300, 800)).toBe(true);
    expect(limitLost(102, 100, 100)).toBe(false);
    expect(limitLost(103, 100, 100)).toBe(true);
  });

  it('gives back: waits for an unconfirmed command, sends again after a failure, passes over one asleep, gives up at the deadline', () => {
    const sent = (status: SentCommand['status'], limit = HUNDRED) => ({ limit, sentAt: 10_000, status });
    expect(giveBackNext(HUNDRED, undefined, true, 0, 10_000, timing)).toBe('send');
    expect(giveBackNext(HUNDRED, sent('pending'), true, 0, 12_000, timing)).toBe('wait');
    expect(giveBackNext(HUNDRED, sent('failure'), true, 0, 14_999, timing)).toBe('wait');
    expect(giveBackNext(HUNDRED, sent('failure'), true, 0, 15_000, timing)).toBe('send');
    expect(giveBackNext(HUNDRED, sent('ok', { value: 300, unit: 'W' }), true, 0, 15_000, timing)).toBe(
      'send',
    );
    expect(giveBackNext(HUNDRED, sent('ok'), true, 0, 12_000, timing)).toBe('done');
    expect(giveBackNext(HUNDRED, sent('pending'), false, 0, 12_000, timing)).toBe('passed');
    expect(giveBackNext(HUNDRED, sent('failure'), true, 0, 60_000, timing)).toBe('late');
  });
});

describe('the limit channel against a device', () => {
  let device: TestDevice;
  let console: SocketClient;
  let upstream: UpstreamSocket;
  let channel: LimitChannel;
  const lines = () => consoleLines(console, /Set limit/);
  /** Reads the status until the command has `status`. */
  const settled = (command: SentCommand, status: SentCommand['status']) =>
    until(
      async () => {
        await channel.refresh();
        return command.status === status;
      },
      20_000,
      `the command ${status}`,
    );
  const fault = (body: unknown) =>
    call(new URL('emulator/faults', device.url).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    // A Sunday morning in June: the inverters are awake and hear commands.
    device = await startDevice('2026-06-21T10:20', ['--speed', String(SPEED)]);
    console = await openConsole(device.url);
    const link = new DeviceLink(device.url, 'openDTU42');
    const log = (): void => undefined;
    upstream = new UpstreamSocket(link, log);
    upstream.start();
    channel = new LimitChannel({ link, log, upstream, speed: SPEED });
  });

  afterAll(async () => {
    channel?.close();
    upstream?.stop();
    console?.socket.close();
    await device?.remove();
  });

  it('makes the higher sender the owner of an inverter: zero export over a schedule window over Modbus over the owner', async () => {
    expect(await channel.read()).toBe(true);
    expect(channel.ownerOf(LIMITED)).toBe('owner');
    const lost: string[] = [];
    channel.onLost('modbus', (serial) => lost.push(serial));
    expect(channel.take('modbus', LIMITED)).toBe(true);
    expect(channel.take('schedule', LIMITED)).toBe(true);
    expect(lost).toEqual([LIMITED]);
    // Modbus is refused now, and what it would send goes nowhere.
    expect(channel.take('modbus', LIMITED)).toBe(false);
    expect(await channel.send('modbus', LIMITED, { value: 10, unit: '%' })).toBeUndefined();
    expect(channel.take('zero-export', LIMITED)).toBe(true);
    expect(channel.take('schedule', LIMITED)).toBe(false);
    // Whoever holds it, the limit from before is the owner's.
    expect(channel.before(LIMITED)).toEqual(HUNDRED);
    channel.release('zero-export', LIMITED);
    expect(channel.ownerOf(LIMITED)).toBe('owner');
    // An inverter the device does not have cannot be taken.
    expect(channel.take('modbus', '1234')).toBe(false);
    await consoleCaughtUp(console, device.url);
    expect(lines()).toEqual([]);
  });

  it('sends a non-persistent limit, follows its acknowledgement, sees the owner change it, and gives the limit from before back, confirmed', async () => {
    expect(channel.take('modbus', LIMITED)).toBe(true);
    const command = (await channel.send('modbus', LIMITED, { value: 300, unit: 'W' }))!;
    expect(command).toMatchObject({ serial: LIMITED, sender: 'modbus', status: 'pending' });
    await settled(command, 'ok');
    expect((await limitStatusOf(device.url))[LIMITED]).toMatchObject({ limit_relative: 37.5 });
    expect(channel.showsLost(LIMITED, { value: 300, unit: 'W' })).toBe(false);

    // The owner sets 50 % on the device's own API: the channel reads it as lost.
    await postData(new URL('api/limit/config', device.url).href, {
      serial: LIMITED,
      limit_type: 1,
      limit_value: 50,
    });
    await until(
      async () => {
        await channel.read();
        return channel.showsLost(LIMITED, { value: 300, unit: 'W' });
      },
      20_000,
      'the owner’s limit seen',
    );

    const given: SentCommand[] = [];
    const result = await channel.giveBack('modbus', { onSent: (sent) => given.push(sent) });
    expect(result).toEqual({ done: true, late: [] });
    expect(given.map(({ limit, status }) => [limit, status])).toEqual([[HUNDRED, 'ok']]);
    expect(channel.ownerOf(LIMITED)).toBe('owner');
    expect((await limitStatusOf(device.url))[LIMITED]).toMatchObject({
      limit_relative: 100,
      limit_set_status: 'Ok',
    });
    await consoleCaughtUp(console, device.url);
    expect(lines()).toEqual([
      `Set limit of ${LIMITED} to 300 W`,
      `Set limit of ${LIMITED} to 50 %`,
      `Set limit of ${LIMITED} to 100 %`,
    ]);
  });

  it('passes over an inverter that cannot hear and gives up at its one deadline on one that never confirms', async () => {
    await consoleCaughtUp(console, device.url);
    const heard = lines().length;
    await fault({ fault: 'limit-fails', serial: OTHER });
    await fault({ fault: 'inverter-silent', serial: LIMITED });
    await until(() => channel.isAsleep(LIMITED), 30_000, 'the silent inverter unreachable');
    await channel.read();
    expect(channel.take('schedule', LIMITED)).toBe(true);
    expect(channel.take('schedule', OTHER)).toBe(true);
    await channel.send('schedule', LIMITED, { value: 200, unit: 'W' });
    const failing = (await channel.send('schedule', OTHER, { value: 200, unit: 'W' }))!;
    await settled(failing, 'failure');

    const result = await channel.giveBack('schedule');
    expect(result).toEqual({ done: false, late: [OTHER] });
    expect(channel.ownedBy('schedule')).toEqual([]);
    // The failing one was asked again; the silent one was not.
    await consoleCaughtUp(console, device.url);
    const since = lines().slice(heard);
    expect(since.filter((line) => line === `Set limit of ${OTHER} to 100 %`).length).toBeGreaterThan(1);
    expect(since).not.toContain(`Set limit of ${LIMITED} to 100 %`);
  }, 60_000);
});
