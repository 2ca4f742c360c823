// The controller's safety against the virtual DTU's household: a Tasmota SML meter that
// stops answering (a local stand-in in front of the emulator's meter, which can be cut)
// puts the limits from before back, says so once, and control resumes when it answers
// again; a pause gives the limits back, confirmed, before its answer.
import { createServer, type Server } from 'node:http';
import type { ControlAnswer } from '@opendtu/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, call, startCompanion, tempDir, until, type TestCompanion } from './helpers';
import { quickControl, startHouse, type House } from './house';

let house: House;
let meter: Server;
let meterDown = false;
let companion: TestCompanion;

const limitStatus = () => house.limitStatus();

/** Every inverter at its full limit, the last command acknowledged: what they had before. */
const allBack = async (): Promise<boolean> =>
  Object.values(await limitStatus()).every((e) => e.limit_relative === 100 && e.limit_set_status === 'Ok');

const someLimited = async (): Promise<boolean> =>
  Object.values(await limitStatus()).some((e) => e.limit_relative < 100);

const control = async (): Promise<ControlAnswer> =>
  (await call(`${companion.url}/companion/api/control`, { auth: ADMIN_AUTH })).body as ControlAnswer;

const meterLines = (): string[] => companion.lines.filter((line) => line.includes('grid meter'));

beforeAll(async () => {
  house = await startHouse(await tempDir('control-fallback'), ['--time', '2026-06-21T10:30']);
  const upstream = house.meterUrl;
  meter = createServer((request, response) => {
    if (meterDown) return request.socket.destroy();
    void fetch(`${upstream}${request.url}`)
      .then((answer) => answer.text())
      .then((text) => response.writeHead(200, { 'content-type': 'application/json' }).end(text));
  });
  await new Promise<void>((done) => meter.listen(0, '127.0.0.1', done));
  const { port } = meter.address() as { port: number };
  companion = await startCompanion(house.device.url, {
    password: 'openDTU42',
    control: quickControl(`tasmota:http://127.0.0.1:${port}`),
  });
});

afterAll(async () => {
  await companion?.close();
  await new Promise((done) => meter?.close(done));
  await house?.stop();
});

describe('zero export when the meter fails, and on pause', () => {
  it('holds the limits from before while the meter is silent, with one line, and resumes', async () => {
    await until(someLimited, 60_000, 'limits sent');
    expect(meterLines()).toEqual([]);

    meterDown = true;
    await until(async () => (await control()).state === 'fallback', 30_000, 'the fallback');
    await until(allBack, 60_000, 'the limits from before');
    expect((await control()).meter).toMatchObject({ stale: true });
    expect(meterLines()).toHaveLength(1);
    expect(meterLines()[0]).toMatch(/grid meter is failing.*fallback/);

    meterDown = false;
    await until(someLimited, 60_000, 'control again');
    expect(meterLines()).toHaveLength(2);
    expect(meterLines()[1]).toMatch(/answers again/);
    const answer = await control();
    expect(answer.commands.every((command) => command.limit_w >= 0)).toBe(true);
    expect(answer.commands.map((command) => command.reason)).toContain('fallback');
  }, 200_000);

  it('gives every inverter its limit back, confirmed, when paused; and controls again on resume', async () => {
    await until(someLimited, 60_000, 'limits sent');
    const paused = await call(`${companion.url}/companion/api/control`, {
      method: 'POST',
      auth: ADMIN_AUTH,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paused: true }),
    });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ paused: true, state: 'paused' });
    expect(await allBack()).toBe(true);

    const refused = await call(`${companion.url}/companion/api/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paused: false }),
    });
    expect(refused.status).toBe(401);

    await call(`${companion.url}/companion/api/control`, {
      method: 'POST',
      auth: ADMIN_AUTH,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paused: false }),
    });
    await until(someLimited, 60_000, 'control again');
  }, 200_000);
});
