import { describe, expect, it, vi } from 'vitest';
import type { DeviceLink } from '../src/device/link';
import type { UpstreamSocket } from '../src/live/upstream';
import { parseMeterSpec } from '../src/control/meter';
import type { ControlConfig } from '../src/control/config';
import { ControlRunner } from '../src/control/runner';
import { LimitChannel } from '../src/limits/limit-channel';
import { ACK_TIMEOUT_MS } from '../src/limits/limit-rules';
import {
  blocked,
  headroom,
  SETTLE_MS,
  step,
  type ControlMemory,
  type ControlSettings,
  type InverterView,
  type StepInput,
} from '../src/control/step';

/** The defaults: 0 W ± 25 W, so a correction aims at 12.5 W of import. */
const DEFAULTS: ControlSettings = { targetW: 0, bandW: 25, intervalMs: 10_000, fallback: 'before' };
/** Aims at 0 W (half the band above -10 W): the tests' sums stay round. */
const SETTINGS: ControlSettings = { ...DEFAULTS, targetW: -10, bandW: 20 };
const T0 = 1_000_000;

const view = (
  serial: string,
  maxPower: number,
  outputW: number,
  more: Partial<InverterView> = {},
): InverterView => ({
  serial,
  maxPower,
  reachable: true,
  producing: true,
  outputW,
  outputAt: T0 - 1000,
  limitW: undefined,
  setStatus: 'Ok',
  ...more,
});

/** Two inverters at their full limits, never commanded. */
const fresh = (): ControlMemory => ({
  fallback: false,
  inverters: { a: { beforeW: 800, last: undefined }, b: { beforeW: 1600, last: undefined } },
});

const input = (
  powerW: number | undefined,
  inverters: InverterView[],
  now = T0,
  more: Partial<StepInput> = {},
) => ({
  now,
  reading: powerW === undefined ? undefined : { powerW, at: now - 500 },
  meterFailing: false,
  inverters,
  ...more,
});

describe('the zero-export decision', () => {
  it('sends nothing while the grid power is inside the band around the target', () => {
    const views = [view('a', 800, 400), view('b', 1600, 800)];
    expect(step(fresh(), input(25, views), DEFAULTS).commands).toEqual([]);
    expect(step(fresh(), input(-25, views), DEFAULTS).state).toBe('in-band');
    expect(step(fresh(), input(130, views), { ...DEFAULTS, targetW: 120 }).commands).toEqual([]);
    expect(step(fresh(), input(26, views), DEFAULTS).commands).not.toEqual([]);
  });

  it('shares the production the house needs by rated power', () => {
    // 1200 W produced, 600 W exported: the house takes 600 W, 1:2 by rating.
    const result = step(fresh(), input(-600, [view('a', 800, 400), view('b', 1600, 800)]), SETTINGS);
    expect(result.commands).toEqual([
      { serial: 'a', watts: 200 },
      { serial: 'b', watts: 400 },
    ]);
    expect(result.state).toBe('following');
  });

  it('aims half the band above the target: +30 W ± 20 W keeps 40 W of import', () => {
    const result = step(fresh(), input(-600, [view('a', 800, 400), view('b', 1600, 800)]), {
      ...DEFAULTS,
      targetW: 30,
      bandW: 20,
    });
    expect(result.commands.reduce((s, c) => s + c.watts, 0)).toBe(560);
    // At the target 0 W ± 25 W, a drop of the house's load is corrected to 12.5 W of import.
    const drop = step(fresh(), input(-100, [view('a', 800, 300), view('b', 1600, 600)]), DEFAULTS);
    const sum = drop.commands.reduce((s, c) => s + c.watts, 0);
    expect([787, 788]).toContain(sum);
  });

  it('never asks for more than the inverters are rated for, nor less than 0 W', () => {
    const up = step(fresh(), input(5000, [view('a', 800, 400), view('b', 1600, 800)]), SETTINGS);
    expect(up.commands).toEqual([
      { serial: 'a', watts: 800 },
      { serial: 'b', watts: 1600 },
    ]);
    const down = step(fresh(), input(-5000, [view('a', 800, 400), view('b', 1600, 800)]), SETTINGS);
    expect(down.commands.map((c) => c.watts)).toEqual([0, 0]);
  });

  it('sends nothing more to an inverter whose last command is unconfirmed, up to 30 s', () => {
    const first = step(fresh(), input(-600, [view('a', 800, 400), view('b', 1600, 800)]), SETTINGS);
    const pending = [
      view('a', 800, 400, { setStatus: 'Pending' }),
      view('b', 1600, 800, { setStatus: 'Pending' }),
    ];
    const later = step(first.memory, input(-300, pending, T0 + 20_000), SETTINGS);
    expect(later.commands).toEqual([]);
    expect(later.state).toBe('waiting');
    // No answer within 30 s: the command counts as lost and the inverter is free again.
    const lost = step(first.memory, input(-300, pending, T0 + ACK_TIMEOUT_MS), SETTINGS);
    expect(lost.commands.map((c) => c.serial)).toEqual(['a', 'b']);
    expect(lost.memory.inverters.a!.last).toMatchObject({ sentAt: T0 + ACK_TIMEOUT_MS, status: 'pending' });
  });

  it('sends at most one command per inverter per interval, and never below 5 s', () => {
    const slow = { ...SETTINGS, intervalMs: 20_000 };
    const first = step(fresh(), input(-600, [view('a', 800, 400), view('b', 1600, 800)]), slow);
    const acked = [view('a', 800, 200), view('b', 1600, 400)];
    expect(step(first.memory, input(-300, acked, T0 + 19_999), slow).commands).toEqual([]);
    expect(step(first.memory, input(-300, acked, T0 + 20_000), slow).commands).not.toEqual([]);
    const track = { beforeW: 800, last: { watts: 200, sentAt: T0, status: 'ok' as const } };
    expect(blocked(track, T0 + 4_999, 1000)).toBe('interval');
    expect(blocked(track, T0 + 5_000, 1000)).toBeUndefined();
  });

  it('waits until the last limits can show on the meter before it corrects again', () => {
    const first = step(fresh(), input(-600, [view('a', 800, 400), view('b', 1600, 800)]), SETTINGS);
    const acked = [view('a', 800, 200), view('b', 1600, 400)];
    const early = step(first.memory, input(-300, acked, T0 + SETTLE_MS - 1 + 500), SETTINGS);
    expect(early).toMatchObject({ commands: [], state: 'waiting' });
    expect(step(first.memory, input(-300, acked, T0 + SETTLE_MS + 500), SETTINGS).commands).not.toEqual([]);
  });

  it('answers what lies beyond a small correction still on its way, and only that', () => {
    // a was trimmed by 2 W a moment ago; then a 1.5 kW load ends.
    const memory: ControlMemory = {
      fallback: false,
      inverters: {
        a: { beforeW: 800, last: { watts: 598, sentAt: T0 - 3000, status: 'ok', up: false, fromW: 600 } },
        b: { beforeW: 1600, last: undefined },
      },
    };
    const views = [view('a', 800, 600, { limitW: 598 }), view('b', 1600, 1200)];
    const result = step(memory, input(-1500, views), SETTINGS);
    expect(result.state).toBe('following');
    // a may not take a command yet (the interval): b gives all it makes.
    expect(result.commands).toEqual([{ serial: 'b', watts: 0 }]);
    // The same reading with a cut of 1,400 W on its way: only 100 W lie beyond it.
    const cut: ControlMemory = {
      ...memory,
      inverters: {
        ...memory.inverters,
        a: { beforeW: 800, last: { watts: 0, sentAt: T0 - 3000, status: 'ok', up: false, fromW: 1400 } },
      },
    };
    const beyond = step(
      cut,
      input(-1500, [view('a', 800, 600, { limitW: 0 }), view('b', 1600, 1200)]),
      SETTINGS,
    );
    expect(beyond.commands).toEqual([{ serial: 'b', watts: 1100 }]);
    // With 1,500 W on its way, nothing lies beyond: it waits.
    const all = { ...cut.inverters.a!, last: { ...cut.inverters.a!.last!, fromW: 1500 } };
    expect(
      step({ ...cut, inverters: { ...cut.inverters, a: all } }, input(-1500, views), SETTINGS).state,
    ).toBe('waiting');
  });

  it('answers export at once after a raise: the load went, the inverters not yet raised come down', () => {
    // b is raised; the house's load then ends while b's raise may not show yet.
    const memory: ControlMemory = {
      fallback: false,
      inverters: {
        a: { beforeW: 800, last: undefined },
        b: { beforeW: 1600, last: { watts: 1200, sentAt: T0 - 3000, status: 'ok', up: true } },
      },
    };
    const views = [view('a', 800, 600, { limitW: 600 }), view('b', 1600, 700, { limitW: 1200 })];
    const result = step(memory, input(-900, views), SETTINGS);
    expect(result.state).toBe('following');
    // b keeps what it is expected to make (its new limit); a takes the whole correction.
    expect(result.commands).toEqual([{ serial: 'a', watts: 0 }]);
    // Import after that raise still waits for it to show.
    expect(step(memory, input(400, views), SETTINGS)).toMatchObject({ commands: [], state: 'waiting' });
  });

  it('cuts from the output, not from a raise it may never reach, when the house exports', () => {
    // At dusk: a raised to 700 W but making 300 W; the hob switches off, 400 W go out.
    const memory: ControlMemory = {
      fallback: false,
      inverters: {
        a: { beforeW: 800, last: { watts: 700, sentAt: T0 - 20_000, status: 'ok', up: true } },
        b: { beforeW: 1600, last: undefined },
      },
    };
    const views = [
      view('a', 800, 300, { limitW: 700, outputAt: T0 - 25_000 }),
      view('b', 1600, 0, { producing: false }),
    ];
    const result = step(memory, input(-400, views, T0 + 1000), SETTINGS);
    // 300 W made, 400 W too many: it comes down to nothing at once, not to 300 W.
    expect(result.commands).toEqual([{ serial: 'a', watts: 0 }]);
  });

  it('raises again an inverter that makes nothing only because it was limited to next to nothing', () => {
    const memory: ControlMemory = {
      fallback: false,
      inverters: {
        a: { beforeW: 800, last: { watts: 0, sentAt: T0 - 60_000, status: 'ok', up: false } },
        b: { beforeW: 1600, last: undefined },
      },
    };
    const views = [
      view('a', 800, 0, { producing: false, limitW: 0 }),
      view('b', 1600, 0, { producing: false }),
    ];
    // The lights are on: 250 W from the grid. a takes it; b, not producing on its own, does not.
    const result = step(memory, input(250, views), SETTINGS);
    expect(result.commands).toEqual([{ serial: 'a', watts: 250 }]);
  });

  it('never sends the same limit twice in a row', () => {
    // Both at full power and still importing: the limits they had are asked for again.
    const memory: ControlMemory = {
      fallback: false,
      inverters: {
        a: { beforeW: 800, last: { watts: 800, sentAt: T0 - 60_000, status: 'ok' } },
        b: { beforeW: 1600, last: { watts: 1600, sentAt: T0 - 60_000, status: 'ok' } },
      },
    };
    const result = step(memory, input(400, [view('a', 800, 800), view('b', 1600, 1600)]), SETTINGS);
    expect(result.commands).toEqual([]);
    // They give all they can: the house takes the rest from the grid, and says so.
    expect(result.state).toBe('maxed');
  });

  it('sends the same limit again only to an inverter that shows it lost it (it restarted)', () => {
    const memory: ControlMemory = {
      fallback: false,
      inverters: { a: { beforeW: 800, last: { watts: 800, sentAt: T0 - 60_000, status: 'ok' } } },
    };
    // The house takes 400 W more than the inverter makes at its full 800 W: 800 W again.
    const holding = [view('a', 800, 800, { limitW: 800 })];
    expect(step(memory, input(400, holding), SETTINGS).commands).toEqual([]);
    // It restarted in between and holds its own persistent 400 W: the limit must go again.
    const restarted = [view('a', 800, 400, { limitW: 400 })];
    expect(step(memory, input(400, restarted), SETTINGS).commands).toEqual([{ serial: 'a', watts: 800 }]);
  });

  it('skips an unreachable or sleeping inverter and gives its share to the others', () => {
    const views = [view('a', 800, 0, { reachable: false }), view('b', 1600, 1200)];
    const result = step(fresh(), input(-600, views), SETTINGS);
    expect(result.commands).toEqual([{ serial: 'b', watts: 600 }]);
    const asleep = [view('a', 800, 0, { producing: false }), view('b', 1600, 1200)];
    expect(step(fresh(), input(-600, asleep), SETTINGS).commands).toEqual([{ serial: 'b', watts: 600 }]);
  });

  it('has nothing to control while no controlled inverter produces (night), and says so', () => {
    const night = [view('a', 800, 0, { producing: false }), view('b', 1600, 0, { reachable: false })];
    const result = step(fresh(), input(300, night), SETTINGS);
    expect(result).toMatchObject({ commands: [], state: 'idle' });
    // The meter failing at night is still told: the fallback is the owner's concern then.
    const stale = step(fresh(), input(undefined, night), SETTINGS);
    expect(stale.state).toBe('fallback');
  });

  it('lets an inverter that must wait keep its part; the free ones take the correction', () => {
    const memory: ControlMemory = {
      fallback: false,
      inverters: {
        a: { beforeW: 800, last: { watts: 300, sentAt: T0 - SETTLE_MS - 1000, status: 'pending' } },
        b: { beforeW: 1600, last: undefined },
      },
    };
    const views = [view('a', 800, 400, { setStatus: 'Pending' }), view('b', 1600, 800)];
    // a is on its way to 300 W; 1100 W expected, 200 W exported: b goes to 600 W.
    expect(step(memory, input(-200, views), SETTINGS).commands).toEqual([{ serial: 'b', watts: 600 }]);
  });

  it('holds the fallback limits while the meter is stale or failing, says so once, and comes back', () => {
    const controlled: ControlMemory = {
      fallback: false,
      inverters: {
        a: { beforeW: 800, last: { watts: 200, sentAt: T0 - 60_000, status: 'ok' } },
        b: { beforeW: 1600, last: { watts: 400, sentAt: T0 - 60_000, status: 'ok' } },
      },
    };
    const views = [view('a', 800, 200), view('b', 1600, 400)];
    const old = { powerW: -500, at: T0 - 30_001 };
    const stale = step(controlled, input(undefined, views, T0, { reading: old }), SETTINGS);
    expect(stale.state).toBe('fallback');
    expect(stale.log).toHaveLength(1);
    expect(stale.commands).toEqual([
      { serial: 'a', watts: 800 },
      { serial: 'b', watts: 1600 },
    ]);
    const still = step(stale.memory, input(-500, views, T0 + 20_000, { meterFailing: true }), SETTINGS);
    expect(still.log).toEqual([]);
    expect(still.commands).toEqual([]);
    const back = step(still.memory, input(-500, views, T0 + 40_000), SETTINGS);
    expect(back.state).toBe('following');
    expect(back.log).toHaveLength(1);
    // A fallback in W is shared by rating.
    const total = step(controlled, input(undefined, views), { ...SETTINGS, fallback: 300 });
    expect(total.commands).toEqual([
      { serial: 'a', watts: 100 },
      { serial: 'b', watts: 200 },
    ]);
  });

  it('takes a lower limit on its way as the output while the statistics predate it', () => {
    const memory: ControlMemory = {
      fallback: false,
      inverters: {
        a: { beforeW: 800, last: { watts: 100, sentAt: T0 - SETTLE_MS - 1000, status: 'ok' } },
        b: { beforeW: 1600, last: { watts: 200, sentAt: T0 - SETTLE_MS - 1000, status: 'ok' } },
      },
    };
    // The DTU still reports the old 1200 W; the meter already sees the house at 300 + 100 W.
    const views = [
      view('a', 800, 400, { outputAt: T0 - SETTLE_MS - 4000 }),
      view('b', 1600, 800, { outputAt: T0 - SETTLE_MS - 4000 }),
    ];
    const result = step(memory, input(100, views), SETTINGS);
    expect(result.commands.reduce((s, c) => s + c.watts, 0)).toBe(400);
  });
});

describe('an inverter the light holds back', () => {
  /** Both limits confirmed a minute ago; the statistics are newer. */
  const confirmed = (a: number, b: number): ControlMemory => ({
    fallback: false,
    inverters: {
      a: { beforeW: 800, last: { watts: a, sentAt: T0 - 60_000, status: 'ok' } },
      b: { beforeW: 1600, last: { watts: b, sentAt: T0 - 60_000, status: 'ok' } },
    },
  });

  it('is not raised under a cloud, and a limit far above its output comes down near it', () => {
    // A cloud: 450 W of the 1200 W allowed, the house imports 1500 W. Raising the limits
    // gives nothing now, and the whole of them into the grid when the sun is back.
    const cloud = [view('a', 800, 150, { limitW: 400 }), view('b', 1600, 300, { limitW: 800 })];
    const result = step(confirmed(400, 800), input(1500, cloud), SETTINGS);
    expect(result.commands).toEqual([
      { serial: 'a', watts: 150 + headroom(800) },
      { serial: 'b', watts: 300 + headroom(1600) },
    ]);
    // Already near its output (a fraction of a watt is no reason for a command): kept.
    const near = [view('a', 800, 300.6, { limitW: 400 }), view('b', 1600, 700.2, { limitW: 800 })];
    expect(step(confirmed(400, 800), input(1500, near), SETTINGS).commands).toEqual([]);
  });

  it('says the inverters give all they can while the light holds every one back and the house takes more', () => {
    // Both clearly under their limits (a cloud): a raise would give nothing now.
    const views = [view('a', 800, 300, { limitW: 350 }), view('b', 1600, 600, { limitW: 700 })];
    const result = step(confirmed(350, 700), input(500, views), SETTINGS);
    expect(result).toMatchObject({ commands: [], state: 'maxed' });
  });

  it('leaves its part to an inverter at its limit, which is raised as before', () => {
    // a makes 300 W under its 400 W (light-bound); b makes its whole 800 W limit.
    const views = [view('a', 800, 300, { limitW: 400 }), view('b', 1600, 800, { limitW: 800 })];
    const result = step(confirmed(400, 800), input(600, views), SETTINGS);
    // 1700 W wanted: a cannot give more than its 300 W, b takes the other 1400 W.
    expect(result.commands).toEqual([{ serial: 'b', watts: 1400 }]);
  });

  it('follows a 2 kW load step at once when the inverters are at their limits', () => {
    const views = [view('a', 800, 400, { limitW: 400 }), view('b', 1600, 800, { limitW: 800 })];
    expect(step(confirmed(400, 800), input(2000, views), SETTINGS).commands).toEqual([
      { serial: 'a', watts: 800 },
      { serial: 'b', watts: 1600 },
    ]);
  });

  it('is lowered as asked when the house exports', () => {
    const views = [view('a', 800, 300, { limitW: 400 }), view('b', 1600, 800, { limitW: 800 })];
    // 1100 W made, 500 W exported: 600 W wanted, 1:2 by rating.
    expect(step(confirmed(400, 800), input(-500, views), SETTINGS).commands).toEqual([
      { serial: 'a', watts: 200 },
      { serial: 'b', watts: 400 },
    ]);
  });
});

describe('the controller on the device clock', () => {
  const config: ControlConfig = {
    ...SETTINGS,
    meter: parseMeterSpec('shelly-pro-3em:http://127.0.0.1:9'),
    pollMs: 2000,
    inverters: 'all',
    waitOutSwitching: true,
  };
  const runner = (speed: number, clock: { real: number }) =>
    new ControlRunner(config, {
      channel: new LimitChannel({
        link: {} as DeviceLink,
        log: () => undefined,
        speed,
        realNow: () => clock.real,
      }),
      upstream: {} as UpstreamSocket,
      log: () => undefined,
    });

  it('counts its waits in device time: at --speed 10 a reading is stale after 3 real seconds', () => {
    const clock = { real: T0 };
    const fast = runner(10, clock);
    const slow = runner(1, clock);
    fast.meter.latest = { powerW: 100, at: fast.now() };
    slow.meter.latest = { powerW: 100, at: slow.now() };
    clock.real += 3100;
    // 31 s of the house's time went by at speed 10; 3.1 s at speed 1.
    expect(fast.freshReading()).toBeUndefined();
    expect(slow.freshReading()).toMatchObject({ powerW: 100 });
    // The time shown for a reading stays this machine's.
    expect(fast.realTime(fast.meter.latest.at).getTime()).toBe(T0);
  });

  it('takes its steps at the device pace: at --speed 10 every 200 real ms, not every 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const steps = async (speed: number): Promise<number> => {
        let asked = 0;
        // The device does not answer yet: each step asks again for the limits it holds.
        const link = {
          get: () => {
            asked += 1;
            return Promise.resolve({ status: 503, json: undefined });
          },
        } as unknown as DeviceLink;
        const upstream = { on: () => undefined, off: () => undefined } as unknown as UpstreamSocket;
        const log = (): void => undefined;
        const channel = new LimitChannel({ link, log, speed });
        const controller = new ControlRunner(config, { channel, upstream, log });
        controller.start();
        await vi.advanceTimersByTimeAsync(1900);
        await controller.stop();
        return asked;
      };
      expect(await steps(1)).toBe(0);
      expect(await steps(10)).toBeGreaterThanOrEqual(8);
    } finally {
      vi.useRealTimers();
    }
  });
});
