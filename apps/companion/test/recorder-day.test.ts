import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startCompanion, startDevice, wait, type TestCompanion, type TestDevice } from './helpers';

/** A simulated day passes in a minute. */
const SPEED = 1440;

interface NtpStatus {
  ntp_localtime: string;
}
interface LiveInverter {
  serial: string;
  INV: { '0': { YieldDay: { v: number } } };
}

/** "Sunday, June 21 2026 23:12:00" -> ['2026-06-21', 23] */
function dayAndHour(localtime: string): [string, number] {
  const [, month, day, year, hour] = /^\w+, (\w+) (\d+) (\d{4}) (\d{2}):/.exec(localtime)!;
  const monthNumber = new Date(`${month} 1, 2000`).getMonth() + 1;
  return [`${year}-${String(monthNumber).padStart(2, '0')}-${day!.padStart(2, '0')}`, Number(hour)];
}

// The recorder fills simulated days while no browser is open; each day's energy is what
// the device's YieldDay said at its end.
describe('recording simulated days', () => {
  let device: TestDevice;
  let companion: TestCompanion;
  beforeAll(async () => {
    device = await startDevice('2026-06-20T18:00', ['--speed', String(SPEED)]);
    companion = await startCompanion(device.url, { speed: SPEED });
  });
  afterAll(async () => {
    await companion?.close();
    await device?.remove();
  });

  it('stores the power curve and the energy of every day', async () => {
    const serials = (
      (await call(new URL('api/livedata/status', device.url).href)).body as { inverters: LiveInverter[] }
    ).inverters.map((inverter) => inverter.serial);
    // What the device says late in each day, after the sun has set (it stays until the morning).
    const yieldAtNight = new Map<string, Map<string, number>>();
    let now: [string, number] = ['', 0];
    while (now[0] !== '2026-06-22' || now[1] < 1) {
      now = dayAndHour(
        ((await call(new URL('api/ntp/status', device.url).href)).body as NtpStatus).ntp_localtime,
      );
      if (now[1] >= 22) {
        for (const serial of serials) {
          const live = (await call(new URL(`api/livedata/status?inv=${serial}`, device.url).href)).body as {
            inverters: LiveInverter[];
          };
          const day = yieldAtNight.get(now[0]) ?? new Map<string, number>();
          day.set(serial, live.inverters[0]!.INV['0'].YieldDay.v);
          yieldAtNight.set(now[0], day);
        }
      }
      await wait(200);
    }
    await wait(1500);

    const energy = (await call(`${companion.url}/companion/api/energy?by=day&from=2026-06-20&to=2026-06-22`))
      .body as {
      periods: { period: string; total_wh: number | null; inverters: Record<string, number | null> }[];
    };
    const byDay = new Map(energy.periods.map((period) => [period.period, period]));
    // The 21st is seen whole; the 20th's evening too when this machine started both fast.
    expect(yieldAtNight.get('2026-06-21')?.size).toBe(serials.length);
    for (const [day, device] of yieldAtNight) {
      if (day === '2026-06-22') continue;
      for (const serial of serials) {
        expect(byDay.get(day)!.inverters[serial], `${day} ${serial}`).toBeCloseTo(device.get(serial)!, 0);
      }
    }
    // After midnight the device still shows the 21st's yield: not energy of the 22nd.
    for (const serial of serials) expect(byDay.get('2026-06-22')!.inverters[serial] ?? 0).toBe(0);

    const power = (await call(`${companion.url}/companion/api/power?date=2026-06-21`)).body as {
      from: number;
      inverters: { serial: string; points: (number | null)[][] }[];
    };
    expect(power.inverters.map((inverter) => inverter.serial).sort()).toEqual([...serials].sort());
    for (const { points } of power.inverters) {
      const hourOf = (t: number): number => (t - power.from) / 3_600_000;
      const producing = points.filter(([, ac]) => typeof ac === 'number' && ac > 0);
      // One frame a second is 24 simulated minutes: the day's curve has dozens of points,
      // from the morning into the evening, with the most power around noon.
      expect(producing.length).toBeGreaterThan(20);
      expect(hourOf(producing[0]![0]!)).toBeLessThan(8);
      expect(hourOf(producing.at(-1)![0]!)).toBeGreaterThan(18);
      const peak = producing.reduce((best, point) => (point[1]! > best[1]! ? point : best));
      expect(hourOf(peak[0]!)).toBeGreaterThan(10);
      expect(hourOf(peak[0]!)).toBeLessThan(16);
      // The server heard the device all day: no gap marker between two producing points.
      const gaps = points.filter(
        (point, i) =>
          point.slice(1).every((value) => value === null) && points[i - 1]?.[1] && points[i + 1]?.[1],
      );
      expect(gaps).toEqual([]);
    }
  }, 240_000);
});
