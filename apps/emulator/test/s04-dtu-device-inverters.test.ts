/* eslint-disable @typescript-eslint/no-explicit-any -- device JSON is checked field by field */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getJson, postData, startTestDevice, type TestDevice } from './helpers';

let device: TestDevice;
beforeEach(async () => {
  device = await startTestDevice({ blank: true });
});
afterEach(async () => {
  await device.close();
});

const DTU = {
  serial: '199980112345',
  pollinterval: 7,
  nrf_palevel: 2,
  cmt_palevel: 10,
  cmt_frequency: 868000000,
  cmt_country: 0,
};

describe('§4.1 GET /api/dtu/config', () => {
  it('returns the generated serial, defaults, radios and the country table in Hz', async () => {
    const { body } = await getJson(device.app, '/api/dtu/config');
    expect(body.serial).toMatch(/^1999801\d{5}$/);
    expect(body).toMatchObject({
      pollinterval: 5,
      nrf_enabled: true,
      nrf_palevel: 0,
      cmt_enabled: true,
      cmt_palevel: 0,
      cmt_frequency: 865000000,
      cmt_country: 0,
      cmt_chan_width: 250000,
    });
    expect(body.country_def[1]).toEqual({
      freq_default: 918000000,
      freq_min: 900250000,
      freq_max: 963500000,
      freq_legal_min: 905000000,
      freq_legal_max: 925000000,
    });
  });
});

describe('§4.2 POST /api/dtu/config', () => {
  it('1005 for wrong types (serial as number, float poll interval, out-of-range int8)', async () => {
    for (const broken of [
      { ...DTU, serial: 199980112345 },
      { ...DTU, pollinterval: 5.0 + 0.5 },
      { ...DTU, cmt_palevel: 128 },
      { ...DTU, nrf_palevel: -1 },
    ]) {
      expect((await postData(device.app, '/api/dtu/config', broken)).body.code).toBe(1005);
    }
  });

  it('checks 2001..2005 in order, 2004 with the band in Hz', async () => {
    const cases: [Partial<typeof DTU>, number][] = [
      [{ serial: 'xyz' }, 2001],
      [{ pollinterval: 0 }, 2002],
      [{ nrf_palevel: 4 }, 2003],
      [{ cmt_palevel: -11 }, 2003],
      [{ cmt_palevel: 21 }, 2003],
      [{ cmt_country: 3 }, 2005],
      [{ cmt_frequency: 860000000 }, 2004],
      [{ cmt_frequency: 868100000 }, 2004],
    ];
    for (const [change, code] of cases) {
      expect((await postData(device.app, '/api/dtu/config', { ...DTU, ...change })).body.code).toBe(code);
    }
    const { body } = await postData(device.app, '/api/dtu/config', { ...DTU, cmt_country: 1 });
    expect(body).toEqual({
      type: 'warning',
      message: 'Invalid CMT frequency setting!',
      code: 2004,
      param: { min: 900250000, max: 963500000 },
    });
  });

  it('saves, parsing the serial leniently (0x, case), and shows it lowercase', async () => {
    expect(
      (await postData(device.app, '/api/dtu/config', { ...DTU, serial: '0x1999801ABCDE' })).body.code,
    ).toBe(1001);
    const { body } = await getJson(device.app, '/api/dtu/config');
    expect(body).toMatchObject({ ...DTU, serial: '1999801abcde' });
  });
});

describe('§4.3/4.4 device config', () => {
  it('returns the virtual board pins, display and LED defaults', async () => {
    const { body } = await getJson(device.app, '/api/device/config');
    expect(body.curPin.name).toBe('');
    expect(body.curPin.nrf24.cs).toBeGreaterThanOrEqual(0);
    expect(body.curPin.cmt.sdio).toBeGreaterThanOrEqual(0);
    expect(body.curPin.eth.enabled).toBe(false);
    expect(body.display).toEqual({
      rotation: 2,
      power_safe: true,
      screensaver: true,
      contrast: 60,
      locale: 'en',
      diagramduration: 36000,
      diagrammode: 1,
    });
    expect(body.led).toEqual([{ brightness: 100 }, { brightness: 100 }]);
  });

  it('1005 unless curPin or display is an object; 12001 for an empty or long name', async () => {
    expect((await postData(device.app, '/api/device/config', { led: [] })).body.code).toBe(1005);
    expect((await postData(device.app, '/api/device/config', { curPin: { name: '' } })).body).toEqual({
      type: 'warning',
      message: 'Pin mapping must between 1 and 63 characters long!',
      code: 12001,
      param: { max: 63 },
    });
    const long = await postData(device.app, '/api/device/config', { curPin: { name: 'n'.repeat(64) } });
    expect(long.body.code).toBe(12001);
  });

  it('the first save on a fresh device ("" → "Default") restarts it; the same name does not', async () => {
    const data = {
      curPin: { name: 'Default' },
      display: {
        rotation: 1,
        power_safe: false,
        screensaver: 1,
        contrast: 50,
        locale: 'de',
        diagramduration: 600,
        diagrammode: 2,
      },
      led: [{ brightness: 150 }, { brightness: 20 }],
    };
    expect((await postData(device.app, '/api/device/config', data)).body.code).toBe(1001);
    expect(device.restarts).toHaveLength(1);
    const { body } = await getJson(device.app, '/api/device/config');
    expect(body.display).toEqual({
      rotation: 1,
      power_safe: false,
      screensaver: true,
      contrast: 50,
      locale: 'de',
      diagramduration: 600,
      diagrammode: 2,
    });
    expect(body.led).toEqual([{ brightness: 100 }, { brightness: 20 }]);
    await postData(device.app, '/api/device/config', data);
    expect(device.restarts).toHaveLength(1);
  });

  it('missing display fields become 0/false/"nu", a missing led array sets brightness 0', async () => {
    await postData(device.app, '/api/device/config', { display: {} });
    const { body } = await getJson(device.app, '/api/device/config');
    expect(body.curPin.name).toBe('null');
    expect(body.display).toMatchObject({ rotation: 0, power_safe: false, locale: 'nu', contrast: 0 });
    expect(body.led).toEqual([{ brightness: 0 }, { brightness: 0 }]);
  });

  it('display.locale keeps two bytes of UTF-8, not two characters', async () => {
    await postData(device.app, '/api/device/config', {
      curPin: { name: 'null' },
      display: { locale: 'ühd' },
    });
    expect((await getJson(device.app, '/api/device/config')).body.display.locale).toBe('ü');
  });

  it('a pin_mapping.json profile without radio pins leaves both radios unconfigured after the restart', async () => {
    await writeFile(
      join(device.dataDir, 'pin_mapping.json'),
      JSON.stringify([{ name: 'Display only', display: { type: 2, data: 21, clk: 22 } }]),
    );
    await postData(device.app, '/api/device/config', { curPin: { name: 'Display only' }, display: {} });
    expect(device.restarts).toEqual(['pin mapping changed']);
    await device.reboot();
    const config = (await getJson(device.app, '/api/device/config')).body;
    expect(config.curPin.name).toBe('Display only');
    expect(config.curPin.display).toEqual({ type: 2, data: 21, clk: 22, cs: -1, reset: -1 });
    expect(config.curPin.nrf24.cs).toBe(-1);
    const status = (await getJson(device.app, '/api/system/status')).body;
    expect(status).toMatchObject({ nrf_configured: false, nrf_connected: false, cmt_configured: false });
    expect((await getJson(device.app, '/api/dtu/config')).body).toMatchObject({
      nrf_enabled: false,
      cmt_enabled: false,
    });
  });
});

describe('§5.2 hints.pin_mapping_issue follows the pin mapping in effect', () => {
  const issue = async (): Promise<boolean> =>
    (await getJson(device.app, '/api/livedata/status')).body.hints.pin_mapping_issue;
  const choose = async (name: string): Promise<void> => {
    await postData(device.app, '/api/device/config', { curPin: { name }, display: {} });
    await device.reboot();
  };

  it('raised when the chosen mapping has no radio pins, not when one radio is wired', async () => {
    // No profile matches: the emulator is its own board with both radios.
    expect(await issue()).toBe(false);
    await writeFile(
      join(device.dataDir, 'pin_mapping.json'),
      JSON.stringify([
        { name: 'Display only', display: { type: 2, data: 21, clk: 22 } },
        { name: 'NRF only', nrf24: { clk: 18, cs: 5, en: 4, irq: 16, miso: 19, mosi: 23 } },
        { name: 'CMT only', cmt: { clk: 14, cs: 15, fcs: 26, sdio: 13, gpio2: 27, gpio3: 25 } },
      ]),
    );
    await choose('Display only');
    expect(await issue()).toBe(true);
    await choose('NRF only');
    expect(await issue()).toBe(false);
    await choose('CMT only');
    expect(await issue()).toBe(false);
  });
});

describe('§4.5-4.10 inverters', () => {
  const add = (serial: string, name: string): Promise<{ body: any }> =>
    postData(device.app, '/api/inverter/add', { serial, name });

  it('§4.6 add: 1005, 4001, 4002, then 4004; no duplicate check; unknown families listed as Unknown with 6 channels', async () => {
    expect((await postData(device.app, '/api/inverter/add', { serial: 1, name: 'a' })).body.code).toBe(1005);
    expect((await add('0', 'a')).body.code).toBe(4001);
    expect((await add('114181234567', '')).body).toEqual({
      type: 'warning',
      message: 'Name must between 1 and 31 characters long!',
      code: 4002,
      param: { max: 31 },
    });
    expect((await add('114181234567', 'Garage')).body).toEqual({
      type: 'success',
      message: 'Inverter created!',
      code: 4004,
    });
    expect((await add('114181234567', 'Twin')).body.code).toBe(4004);
    expect((await add('999912345678', 'Mystery')).body.code).toBe(4004);
    const { body } = await getJson(device.app, '/api/inverter/list');
    expect(
      body.inverter.map((i: { id: number; type: string; channel: unknown[] }) => [
        i.id,
        i.type,
        i.channel.length,
      ]),
    ).toEqual([
      [0, 'HM-600/700/800-2T', 2],
      [1, 'HM-600/700/800-2T', 2],
      [2, 'Unknown', 6],
    ]);
    expect(body.inverter[0]).toEqual({
      id: 0,
      name: 'Garage',
      order: 0,
      serial: '114181234567',
      poll_enable: true,
      poll_enable_night: true,
      command_enable: true,
      command_enable_night: true,
      reachable_threshold: 2,
      zero_runtime: false,
      zero_day: false,
      clear_eventlog: false,
      yieldday_correction: false,
      type: 'HM-600/700/800-2T',
      channel: [
        { name: '', max_power: 0, yield_total_offset: 0 },
        { name: '', max_power: 0, yield_total_offset: 0 },
      ],
    });
  });

  it('§4.6 add: 4003 with max 10 once the ten slots are taken', async () => {
    for (let i = 0; i < 10; i += 1) expect((await add(`11418123456${i}`, `Inv ${i}`)).body.code).toBe(4004);
    expect((await add('116181234599', 'Eleventh')).body).toMatchObject({ code: 4003, param: { max: 10 } });
  });

  it('§4.7 edit: checks in order, flags default when missing, channels applied, can create into an empty slot', async () => {
    const edit = (data: object): Promise<{ body: any }> => postData(device.app, '/api/inverter/edit', data);
    const base = { id: 0, serial: '1144a0123456', name: 'Roof', channel: [{ max_power: 400 }] };
    expect((await edit({ ...base, id: '0' })).body.code).toBe(1005);
    expect((await edit({ ...base, channel: {} })).body.code).toBe(1005);
    expect((await edit({ ...base, id: 10 })).body.code).toBe(4005);
    expect((await edit({ ...base, serial: '' })).body.code).toBe(4001);
    expect((await edit({ ...base, name: 'n'.repeat(32) })).body.code).toBe(4002);
    expect((await edit({ ...base, channel: [] })).body.code).toBe(4006);
    expect((await edit({ ...base, channel: [{}, {}, {}, {}, {}, {}, {}] })).body.code).toBe(4006);
    const { body } = await edit({
      ...base,
      poll_enable_night: false,
      reachable_threshold: 5,
      zero_day: 'yes',
      channel: [
        { max_power: 400, yield_total_offset: 12.5, name: 'East' },
        { max_power: 410, name: 'W'.repeat(40) },
      ],
    });
    expect(body).toEqual({ type: 'success', message: 'Inverter changed!', code: 4007 });
    const [inverter] = (await getJson(device.app, '/api/inverter/list')).body.inverter;
    expect(inverter).toMatchObject({
      id: 0,
      serial: '1144a0123456',
      type: 'HMS-600/700/800/900/1000-2T',
      poll_enable_night: false,
      reachable_threshold: 5,
      zero_day: false,
    });
    expect(inverter.channel).toEqual([
      { name: 'East', max_power: 400, yield_total_offset: 12.5 },
      { name: 'W'.repeat(30), max_power: 410, yield_total_offset: 0 },
    ]);
  });

  it('§4.7 edit: a channel name that is not a string is stored empty (`name | ""`)', async () => {
    await postData(device.app, '/api/inverter/edit', {
      id: 0,
      serial: '114181234567',
      name: 'Garage',
      channel: [{ name: 123 }, { name: null }],
    });
    const [inverter] = (await getJson(device.app, '/api/inverter/list')).body.inverter;
    expect(inverter.channel.map((c: { name: string }) => c.name)).toEqual(['', '']);
  });

  it('§4.7 edit: reachable_threshold takes any unsigned integer into its byte; other types give 2', async () => {
    const threshold = async (value: unknown): Promise<number> => {
      await postData(device.app, '/api/inverter/edit', {
        id: 0,
        serial: '114181234567',
        name: 'Garage',
        channel: [{}],
        reachable_threshold: value,
      });
      return (await getJson(device.app, '/api/inverter/list')).body.inverter[0].reachable_threshold;
    };
    expect(await threshold(7)).toBe(7);
    expect(await threshold(300)).toBe(44);
    expect(await threshold(-1)).toBe(2);
    expect(await threshold(3.5)).toBe(2);
    expect(await threshold('5')).toBe(2);
  });

  it('§4.8 del: 1005, 4005, then resets the slot but keeps clear_eventlog; empty slots delete fine', async () => {
    await add('114181234567', 'Garage');
    await postData(device.app, '/api/inverter/edit', {
      id: 0,
      serial: '114181234567',
      name: 'Garage',
      channel: [{}],
      clear_eventlog: true,
    });
    expect((await postData(device.app, '/api/inverter/del', { id: '0' })).body.code).toBe(1005);
    expect((await postData(device.app, '/api/inverter/del', { id: 12 })).body.code).toBe(4005);
    expect((await postData(device.app, '/api/inverter/del', { id: 0 })).body).toEqual({
      type: 'success',
      message: 'Inverter deleted!',
      code: 4008,
    });
    expect((await getJson(device.app, '/api/inverter/list')).body.inverter).toEqual([]);
    expect(device.app.device.config.get().inverters[0]?.clear_eventlog).toBe(true);
    expect((await postData(device.app, '/api/inverter/del', { id: 5 })).body.code).toBe(4008);
  });

  it('§4.9 order: ids as numbers or strings; unreadable ids set slot 0; ids 10..255 skipped', async () => {
    await add('114181234560', 'A');
    await add('114181234561', 'B');
    await add('114181234562', 'C');
    expect((await postData(device.app, '/api/inverter/order', { order: 'x' })).body.code).toBe(1005);
    const { body } = await postData(device.app, '/api/inverter/order', { order: ['2', 11, 1, 'abc'] });
    expect(body).toEqual({ type: 'success', message: 'Inverter order saved!', code: 4009 });
    const orders = (await getJson(device.app, '/api/inverter/list')).body.inverter.map(
      (i: { order: number }) => i.order,
    );
    expect(orders).toEqual([3, 2, 0]);
  });

  it('§4.9 order: positions are counted in a byte (the 257th entry is position 0 again)', async () => {
    await add('114181234560', 'A');
    await add('114181234561', 'B');
    const order: number[] = Array.from({ length: 258 }, () => 99);
    order[5] = 1;
    order[257] = 0;
    await postData(device.app, '/api/inverter/order', { order });
    const orders = (await getJson(device.app, '/api/inverter/list')).body.inverter.map(
      (i: { order: number }) => i.order,
    );
    expect(orders).toEqual([1, 5]);
  });

  it('§4.10 stats_reset: {} for a stored serial of no known family (it has no runtime inverter)', async () => {
    await add('999912345678', 'Mystery');
    expect((await getJson(device.app, '/api/inverter/stats_reset?inv=999912345678')).body).toEqual({});
  });

  it('§4.8 del of one of two slots with the same serial leaves the other one running', async () => {
    await add('114181234567', 'One');
    await add('114181234567', 'Two');
    await postData(device.app, '/api/inverter/del', { id: 0 });
    const { body } = await getJson(device.app, '/api/inverter/list');
    expect(body.inverter.map((i: { id: number; type: string }) => [i.id, i.type])).toEqual([
      [1, 'HM-600/700/800-2T'],
    ]);
    expect((await getJson(device.app, '/api/inverter/stats_reset?inv=114181234567')).body.code).toBe(4010);
  });

  it('§4.10 stats_reset: 4010 for a known inverter, {} otherwise', async () => {
    await add('114181234567', 'Garage');
    const reset: number[] = [];
    device.app.device.events.on('stats-reset', (serial) => reset.push(serial));
    expect((await getJson(device.app, '/api/inverter/stats_reset?inv=114181234567')).body).toEqual({
      type: 'success',
      message: 'Stats resetted',
      code: 4010,
    });
    expect(reset).toEqual([0x114181234567]);
    expect((await getJson(device.app, '/api/inverter/stats_reset?inv=999')).body).toEqual({});
    expect((await getJson(device.app, '/api/inverter/stats_reset')).body).toEqual({});
  });

  it('§15 #21: without configured radios, stored inverters are Unknown after boot but API-added ones are instantiated', async () => {
    await add('114181234567', 'Stored');
    await writeFile(join(device.dataDir, 'pin_mapping.json'), JSON.stringify([{ name: 'Bare' }]));
    await postData(device.app, '/api/device/config', { curPin: { name: 'Bare' }, display: {} });
    await device.reboot();
    await add('114181234568', 'Added');
    const types = (await getJson(device.app, '/api/inverter/list')).body.inverter.map(
      (i: { type: string }) => i.type,
    );
    expect(types).toEqual(['Unknown', 'HM-600/700/800-2T']);
  });
});

describe('§5.1 a first boot with the demo inverters on the correctly wired virtual board', () => {
  it('lists each demo inverter with its family, as live data shows it', async () => {
    const device = await startTestDevice();
    try {
      const list = (await getJson(device.app, '/api/inverter/list')).body.inverter as { type: string }[];
      expect(list.map((inverter) => inverter.type)).toEqual([
        'HM-600/700/800-2T',
        'HMS-1600/1800/2000-4T',
        'HMT-1800/2250-6T',
      ]);
    } finally {
      await device.close();
    }
  });
});
