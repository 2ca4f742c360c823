/**
 * Limits over Modbus (issue 44), as the clients write them: a GX's five registers at the
 * plant (unit 126), split over the inverters by rated power, held by the virtual DTU's
 * inverters, then their own limits back when the revert time passes without a new request;
 * evcc's two writes at one inverter, and its 100 % that releases. Every command is the
 * limit channel's: non-persistent, acknowledged. While a schedule window holds an inverter,
 * a Modbus write to it (or to the plant) is refused with exception 6 and the reason logged.
 * The virtual DTU runs at noon of its own clock; the device's console shows every command.
 */
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { splitWatts, type LimitStatusMap } from '@opendtu/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSchedule } from '../src/control/schedule-file';
import { postData, startDevice, tempDir, until, type SocketClient, type TestDevice } from './helpers';
import { consoleCaughtUp, consoleLines, limitStatusOf, openConsole } from './house';
import { sunspec, type GxWalk } from './modbus-clients';
import {
  startModbusCompanion,
  untilRated,
  type CompanionOptions,
  type ModbusCompanion,
} from './modbus-companion';

const GARAGE = '114181234569'; // 800 W
const HOUSE = '116491234568'; // 2000 W
const BARN = '138291234567'; // 2250 W

describe('limits over Modbus', () => {
  let device: TestDevice;
  let console: SocketClient;
  let companion: ModbusCompanion | undefined;
  let port: number;
  const limits = (): Promise<LimitStatusMap> => limitStatusOf(device.url);
  const watts = (status: LimitStatusMap, serial: string) =>
    (status[serial]!.limit_relative * status[serial]!.max_power) / 100;
  const map = () => companion!.map();
  const start = async (extra: CompanionOptions = {}) => {
    companion = await startModbusCompanion(device.url, { write: true, ...extra });
    port = companion.port;
    await untilRated(companion, 4);
  };
  /** Waits until every inverter holds its limit in W (within the channel's rounding) and confirmed it. */
  const holding = (expected: Record<string, number>, what: string) =>
    until(
      async () => {
        const status = await limits();
        return Object.entries(expected).every(
          ([serial, w]) =>
            Math.abs(watts(status, serial) - w) <= Math.max(2, status[serial]!.max_power * 0.01) &&
            status[serial]!.limit_set_status === 'Ok',
        );
      },
      60_000,
      what,
    );

  beforeAll(async () => {
    device = await startDevice('2026-06-02T12:00');
    console = await openConsole(device.url);
  }, 60_000);

  afterAll(async () => {
    console?.socket.close();
    await companion?.close();
    await device?.remove();
  });

  it('a GX limits the plant: split by rated power, held, then each inverter its own limit back after the revert time', async () => {
    // The owner's own limit on the garage inverter: 80 %, not persistent, set in the device's app.
    const own = await postData(`${device.url.href}api/limit/config`, {
      serial: GARAGE,
      limit_type: 1,
      limit_value: 80,
    });
    expect(own.status).toBe(200);
    await holding({ [GARAGE]: 640 }, "the owner's limit");
    await start();
    const rated = await limits();
    const caps = [GARAGE, HOUSE, BARN].map((serial) => rated[serial]!.max_power);
    expect(caps).toEqual([800, 2000, 2250]);
    const parts = splitWatts(0.4 * 5050, caps).map((share) => share.watts);

    expect(await sunspec(port, 126, 'gx-limit', 40, 12)).toEqual({ written: [400, 0, 12, 0, 1] });
    const plant = (await map()).units[0]!;
    expect(plant.limit).toMatchObject({ percent: 40, watts: 2020 });
    expect(plant.limit!.revert_in_s).toBeGreaterThan(0);
    expect((await sunspec<GxWalk>(port, 126, 'gx')).controls).toEqual({
      WMaxLimPct: 400,
      WMaxLimPct_RvrtTms: 12,
      WMaxLim_Ena: 1,
    });
    await holding(
      { [GARAGE]: parts[0]!, [HOUSE]: parts[1]!, [BARN]: parts[2]! },
      'the split limit at every inverter',
    );
    // No new request: after 12 s each inverter gets the limit it had before Modbus, confirmed.
    await holding({ [GARAGE]: 640, [HOUSE]: 2000, [BARN]: 2250 }, 'their own limits back');
    expect((await map()).units[0]!.limit).toBeNull();
    expect((await sunspec<GxWalk>(port, 126, 'gx')).controls.WMaxLim_Ena).toBe(0);
    await consoleCaughtUp(console, device.url);
    const commands = consoleLines(console, /Set limit/);
    expect(commands).toEqual(
      expect.arrayContaining([
        `Set limit of ${HOUSE} to ${parts[1]} W`,
        `Set limit of ${BARN} to ${parts[2]} W`,
      ]),
    );
    expect(commands.filter((line) => line.includes('persistent'))).toEqual([]);
  });

  it('evcc limits one inverter with two writes, and 100 % releases it', async () => {
    expect(await sunspec(port, 2, 'evcc-curtail', 50)).toEqual({ written: 50 });
    await holding({ [HOUSE]: 1000 }, 'half of the house inverter');
    expect((await map()).units.find((unit) => unit.unit === 2)!.limit).toMatchObject({
      percent: 50,
      watts: 1000,
      revert_in_s: null,
    });
    expect(await sunspec(port, 2, 'evcc-curtail', 100)).toEqual({ written: 100 });
    await holding({ [HOUSE]: 2000 }, 'the house inverter released');
    await consoleCaughtUp(console, device.url);
    expect(consoleLines(console, /Set limit/).filter((line) => line.includes('persistent'))).toEqual([]);
  });

  it("a plant limit and an inverter's own: the lower one holds, and the other when one ends", async () => {
    expect(await sunspec(port, 126, 'gx-limit', 40, 120)).toEqual({ written: [400, 0, 120, 0, 1] });
    await holding({ [HOUSE]: 800 }, "the house inverter's share of the plant limit");
    // Its own unit asks for more (1,000 W): the plant's 800 W stay; then for less: 600 W.
    expect(await sunspec(port, 2, 'evcc-curtail', 50)).toEqual({ written: 50 });
    expect(await sunspec(port, 2, 'evcc-curtail', 30)).toEqual({ written: 30 });
    await holding({ [HOUSE]: 600 }, 'the lower limit of the two');
    // The plant released: the inverter's own unit still asks 600 W, the others get theirs back.
    expect(await sunspec(port, 126, 'gx-release')).toEqual({ written: [0] });
    await holding(
      { [GARAGE]: 640, [HOUSE]: 600, [BARN]: 2250 },
      'the plant released, the house still limited',
    );
    expect(await sunspec(port, 2, 'evcc-curtail', 100)).toEqual({ written: 100 });
    await holding({ [HOUSE]: 2000 }, 'the house inverter released');
  });

  it('an inverter its owner switches off reads off (St 1, 0 W), and producing again once switched on', async () => {
    const stateOf = async (unit: number) => (await sunspec<GxWalk>(port, unit, 'gx')).inverter;
    const power = (on: boolean) =>
      postData(`${device.url.href}api/power/config`, { serial: GARAGE, power: on });
    expect((await power(false)).status).toBe(200);
    await until(async () => (await stateOf(1)).St === 1, 60_000, 'the garage inverter off');
    expect((await stateOf(1)).W).toBe(0);
    expect((await map()).units.find((unit) => unit.unit === 1)!.state).toBe('off');
    expect((await power(true)).status).toBe(200);
    // A Hoymiles switched on reconnects to the grid only after its start-up wait; it still
    // has its owner's 80 %: producing, throttled (5).
    await until(async () => (await stateOf(1)).St === 5, 120_000, 'the garage inverter producing again');
  }, 200_000);

  it('refuses a limit with exception 6 while a schedule window holds the inverter, and says why', async () => {
    await companion!.close();
    const dir = await tempDir('modbus-schedule');
    const file = join(dir, 'schedule.json');
    await writeFile(
      file,
      JSON.stringify({
        windows: [
          {
            days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
            from: '00:00',
            to: '24:00',
            limit_w: 1000,
            inverters: [BARN],
          },
        ],
      }),
    );
    await start({ schedule: readSchedule(file) });
    await holding({ [BARN]: 1000 }, "the window's limit");
    expect(await sunspec(port, 3, 'gx-limit', 30, 60)).toEqual({ exception: 6 });
    expect(await sunspec(port, 126, 'gx-limit', 30, 60)).toEqual({ exception: 6 });
    expect(companion!.lines).toEqual(
      expect.arrayContaining([`Modbus: refused a limit at unit 3: a schedule window owns ${BARN} (dtu)`]),
    );
    // Refused whole: the plant's other inverters were not touched.
    expect((await map()).units.every((unit) => unit.limit === null)).toBe(true);
    const status = await limits();
    expect([watts(status, GARAGE), watts(status, HOUSE)]).toEqual([640, 2000]);
    // An inverter the window does not hold takes a Modbus limit.
    expect(await sunspec(port, 1, 'gx-limit', 50, 60)).toEqual({ written: [500, 0, 60, 0, 1] });
    await holding({ [GARAGE]: 400 }, 'half of the garage inverter');
  });
});
