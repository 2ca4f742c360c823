/**
 * Bad input to the Modbus server (issue 44): 10,000 frames from a seeded generator (random
 * bytes, impossible lengths, other function codes, reads anywhere, writes to read-only
 * registers and limits out of range) leave it serving, every value a client may write as it
 * was, the DTU's limits as they were, and no request that failed inside the server. Writes
 * are on, so every refusal is the server's judgement, not the switch's.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LimitStatusMap } from '@opendtu/api';
import { createRandom } from '@opendtu/server-kit/seeded-random';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startDevice, type TestDevice } from './helpers';
import { mbpoll, rawSocket, sunspec, type GxWalk } from './modbus-clients';
import { startModbusCompanion, untilRated, type ModbusCompanion } from './modbus-companion';

const FRAMES = 10_000;
/** How long a frame that is neither answered nor closing its connection is waited for. */
const QUIET_MS = 20;

/** The frames of one seed: the same seed, the same frames, so a failure can be replayed. */
function frames(seed: number): Buffer[] {
  const next = createRandom(seed);
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(values: readonly T[]): T => values[int(values.length)]!;
  const unit = () => (next() < 0.8 ? pick([1, 2, 3, 126]) : int(256));
  const address = () => (next() < 0.7 ? 40000 + int(500) : int(65536));
  const frame = (id: number, pdu: number[], length = pdu.length + 1): Buffer => {
    const head = Buffer.alloc(7);
    head.writeUInt16BE(id, 0);
    head.writeUInt16BE(0, 2);
    head.writeUInt16BE(length, 4);
    head[6] = unit();
    return Buffer.concat([head, Buffer.from(pdu)]);
  };
  const word = (value: number) => [(value >> 8) & 0xff, value & 0xff];
  /** `at`, or 40000 where a write of `count` registers would touch the limit's (40155-40159). */
  const outside = (at: number, count: number) => (at + count > 40155 && at < 40160 ? 40000 : at);
  const out: Buffer[] = [];
  for (let index = 0; index < FRAMES; index++) {
    const id = index & 0xffff;
    const kind = next();
    if (kind < 0.3) out.push(frame(id, [3, ...word(address()), ...word(int(130))]));
    else if (kind < 0.45) {
      // A write outside the limit's registers, or over all five with the limit or its switch out of range.
      if (next() < 0.5) {
        const badPercent = next() < 0.5;
        const values = [
          badPercent ? 1001 + int(60000) : int(1001),
          ...[int(65536), int(65536), int(65536)],
          badPercent ? int(2) : 2 + int(60000),
        ];
        out.push(frame(id, [16, ...word(40155), ...word(5), 10, ...values.flatMap(word)]));
      } else {
        const values = Array.from({ length: 1 + int(8) }, () => int(65536));
        const at = outside(address(), values.length);
        out.push(
          frame(id, [16, ...word(at), ...word(values.length), values.length * 2, ...values.flatMap(word)]),
        );
      }
    } else if (kind < 0.55) {
      const choice = int(3);
      const at = choice === 0 ? 40155 : choice === 1 ? 40159 : outside(address(), 1);
      const value = choice === 0 ? 1001 + int(60000) : choice === 1 ? 2 + int(60000) : int(65536);
      out.push(frame(id, [6, ...word(at), ...word(value)]));
    } else if (kind < 0.7)
      out.push(
        frame(id, [
          pick([1, 2, 4, 5, 15, 17, 23, 43, 0x7f, 0x83]),
          ...Array.from({ length: int(20) }, () => int(256)),
        ]),
      );
    else if (kind < 0.85) out.push(Buffer.from(Array.from({ length: 1 + int(300) }, () => int(256))));
    else out.push(frame(id, [3, ...word(40000), ...word(2)], pick([0, 1, 3, 255, 300, 65535])));
  }
  return out;
}

describe('10,000 random frames', () => {
  let device: TestDevice;
  let companion: ModbusCompanion;
  let port: number;
  const controls = async () =>
    Promise.all(
      [126, 1, 2, 3].map(async (unit) => [
        ...(await mbpoll(port, unit, 40152, { count: 24 })).registers.values(),
      ]),
    );

  beforeAll(async () => {
    device = await startDevice('2026-06-02T12:00');
    companion = await startModbusCompanion(device.url, { write: true });
    port = companion.port;
    await untilRated(companion, 4);
  }, 60_000);

  afterAll(async () => {
    await companion?.close();
    await device?.remove();
  });

  it('leave the server serving and every value a client may change as it was', async () => {
    const before = {
      controls: await controls(),
      limits: (await call(`${device.url.href}api/limit/status`)).body as LimitStatusMap,
      units: await readFile(join(companion.dataDir, 'modbus-units.json'), 'utf8'),
    };
    let connection = await rawSocket(port);
    let closed = 0;
    let answered = 0;
    for (const bytes of frames(44)) {
      if (connection.socket.destroyed) {
        connection = await rawSocket(port);
        closed += 1;
      }
      const { socket, received } = connection;
      const had = received.length;
      socket.write(bytes);
      await new Promise<void>((done) => {
        const timer = setTimeout(done, QUIET_MS);
        const finish = () => {
          clearTimeout(timer);
          socket.off('data', finish);
          socket.off('close', finish);
          done();
        };
        if (received.length > had) return finish();
        socket.once('data', finish);
        socket.once('close', finish);
      });
      if (received.length > had) answered += 1;
    }
    connection.socket.destroy();
    // Both kinds were there: answered requests, and connections closed for what they sent.
    expect(answered).toBeGreaterThan(4000);
    expect(closed).toBeGreaterThan(500);

    const walk = await sunspec<GxWalk>(port, 126, 'gx');
    expect(walk.common.SN).toBe('plant');
    expect(await controls()).toEqual(before.controls);
    const limits = (await call(`${device.url.href}api/limit/status`)).body as LimitStatusMap;
    for (const [serial, entry] of Object.entries(before.limits))
      expect([serial, limits[serial]!.limit_relative]).toEqual([serial, entry.limit_relative]);
    expect(await readFile(join(companion.dataDir, 'modbus-units.json'), 'utf8')).toBe(before.units);
    expect(companion.lines.filter((line) => line.includes('a request failed'))).toEqual([]);
  }, 300_000);
});
