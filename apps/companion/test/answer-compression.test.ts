import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, LARGEST_PLAIN } from '../src/answer-compression';
import type { Sample } from '../src/recorder/sample';
import { openHistory } from './open-history';
import { startCompanion, startDevice, tempDir } from './helpers';
import type { TestCompanion, TestDevice } from './helpers';

const SERIAL = '1161000001';
const MORNING = Date.parse('2026-06-21T08:00:00+02:00');
const SAMPLES = 2_000;

/** Nearly three hours of one inverter, a sample every 5 s: a day's answer of some 100 kB. */
function fill(dataDir: string): void {
  const { store, close } = openHistory(dataDir);
  try {
    store.transaction(() => {
      const inv = store.inverterId(SERIAL, 'Roof', ['S1', 'S2']);
      const session = store.openSession(MORNING);
      for (let i = 0; i < SAMPLES; i += 1) {
        const ac = Math.round(4000 + 3000 * Math.sin(i / 300) + (i % 7)) / 10;
        const sample: Sample = {
          ...{ serial: SERIAL, name: 'Roof', strings: ['S1', 'S2'], t: MORNING + i * 5000, ac },
          ...{ dc: [ac / 2 + 1.5, ac / 2 + 2.5], yieldDay: i, yieldTotal: 10, temperature: 30 },
          ...{ limit: 100, reachable: true, producing: true },
        };
        store.addSample(inv, session, sample);
      }
    });
  } finally {
    close();
  }
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and undo the gzip). */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, bytes: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('large answers of the companion go compressed to a client that takes gzip', () => {
  let device: TestDevice;
  let companion: TestCompanion;
  const url = (path: string) => `${companion.url}/companion/api/${path}`;
  beforeAll(async () => {
    const dataDir = await tempDir('compression');
    fill(dataDir);
    device = await startDevice('2026-06-21T12:00');
    companion = await startCompanion(device.url, { dataDir });
  });
  afterAll(async () => {
    await companion?.close();
    await device?.remove();
  });

  it("sends a day's power gzip-compressed, the same answer once unpacked", async () => {
    const path = url(`power?date=2026-06-21&serial=${SERIAL}`);
    const plain = await get(path, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const answer = JSON.parse(plain.bytes.toString()) as { inverters: { points: unknown[] }[] };
    expect(answer.inverters[0]!.points).toHaveLength(SAMPLES);
    expect(plain.bytes.length).toBeGreaterThan(LARGEST_PLAIN);

    const packed = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(packed.status).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(packed.headers['content-length'])).toBe(packed.bytes.length);
    expect(JSON.parse(gunzipSync(packed.bytes).toString())).toEqual(answer);
    expect(packed.bytes.length).toBeLessThan(plain.bytes.length / 3);
  });

  it('sends the CSV export compressed too, and gzip refused (q=0) plain', async () => {
    const path = url('power?date=2026-06-21&format=csv');
    const packed = await get(path, { 'Accept-Encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers['content-type']).toMatch(/^text\/csv/);
    const csv = gunzipSync(packed.bytes).toString();
    expect(csv.split('\r\n')[0]).toBe('time,serial,ac_w,dc1_w,dc2_w');
    const refused = await get(path, { 'Accept-Encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.bytes.toString()).toBe(csv);
  });

  it('sends a small answer as it is', async () => {
    const info = await get(url('info'), { 'Accept-Encoding': 'gzip' });
    expect(info.status).toBe(200);
    expect(info.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(info.bytes.toString())).toMatchObject({ companion: { version: '0.1.0' } });
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as browsers and clients write it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('deflate, identity')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
