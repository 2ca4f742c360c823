import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commonInverter } from './support/live-fixtures';

// The live view's first paint (src/boot/first-paint.ts) as index.html runs it, against the
// answers and frames it would find in window.__early.

const AUTH = `Basic ${btoa('admin:openDTU42')}`;
const value = (v: number, u: string, d: number) => ({ v, u, d });
const total = (power: number) => ({
  Power: value(power, 'W', 1),
  YieldDay: value(12345, 'Wh', 0),
  YieldTotal: value(4321.5, 'kWh', 3),
});
const hints = { time_sync: false, radio_problem: false, default_password: true, pin_mapping_issue: false };
const inverter = (serial: string, name: string, order: number) => commonInverter(serial, { name, order });
const full = (serial: string, name: string, order: number, power: number) => ({
  ...inverter(serial, name, order),
  AC: { '0': { Power: value(power, 'W', 1) } },
  DC: {},
  INV: {},
  events: 2,
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

interface TestEarly {
  href: string;
  auth?: string;
  route: string;
  get: Record<string, Promise<Response | undefined>>;
  frames: string[];
  onframe?: () => void;
  takePaint?: (authorization: string | null) => { state: { inverters: { serial: string }[] } } | undefined;
}

function setUp(
  list: unknown,
  answer = Promise.resolve(json(list)),
  auth: string | undefined = AUTH,
): TestEarly {
  document.body.innerHTML = '<div id="app"></div>';
  const early: TestEarly = {
    href: location.href,
    auth,
    route: '',
    get: {
      'api/livedata/status': answer,
      'api/ntp/status': Promise.resolve(
        json({ ntp_status: true, ntp_localtime: 'Sunday, June 21 2026 12:00:00', sun_isDayPeriod: true }),
      ),
    },
    frames: [],
  };
  Object.assign(globalThis, { __early: early });
  return early;
}

const paint = () => import('../src/boot/first-paint');
const text = () => document.getElementById('app')!.textContent!.replace(/\s+/g, ' ');

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

afterEach(() => {
  delete (globalThis as { __early?: unknown }).__early;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the first paint', () => {
  it('draws the frame at once, then the totals and inverters from the answer, then each frame', async () => {
    localStorage.setItem('locale', 'de');
    let answer: (response: Response) => void = () => {};
    const list = {
      inverters: [inverter('B', 'Carport', 1), inverter('A', 'Garage', 0)],
      total: total(1234.5),
      hints,
    };
    const early = setUp(list, new Promise((done) => (answer = done)));
    await paint();
    expect(text()).toContain('Live-Ansicht');
    expect(text()).toContain('Live-Daten');
    expect(document.querySelector('[data-live-totals]')).toBeNull();
    answer(json(list));
    await vi.waitFor(() => expect(document.querySelector('[data-live-totals]')).not.toBeNull());
    expect(document.documentElement.lang).toBe('de');
    expect(document.querySelector('[data-total="TotalPower"]')!.textContent).toBe('1.234,5 W');
    expect(document.querySelector('[data-total="TotalYieldDay"]')!.textContent).toBe('12,35 kWh');
    expect(text()).toContain('Das Gerät nutzt noch das Werkspasswort.');
    // In the device's order, the first selected; its power comes with its first frame.
    expect([...document.querySelectorAll('.nav-pills .text-break')].map((el) => el.textContent)).toEqual([
      'Garage',
      'Carport',
    ]);
    expect(document.querySelector('main section.card h2')!.textContent).toBe('✓ ProduziertGarage');
    early.frames.push(
      JSON.stringify({ inverters: [full('A', 'Garage', 0, 812.3)], total: total(900), hints }),
    );
    early.onframe!();
    expect(document.querySelector('main section.card h2')!.textContent).toBe('✓ Produziert · 812 WGarage');
    expect(document.querySelector('[data-total="TotalPower"]')!.textContent).toBe('900,0 W');
    expect(early.frames).toEqual([]);
  });

  it('hands what it shows to the app once, and leaves it then', async () => {
    const early = setUp({ inverters: [inverter('A', 'Garage', 0)], total: total(10), hints });
    await paint();
    await vi.waitFor(() => expect(document.querySelector('[data-live-totals]')).not.toBeNull());
    // Another login than the one the answer was asked with: the app asks again itself.
    expect(early.takePaint!(null)).toBeUndefined();
    expect(early.takePaint!(AUTH)).toBeUndefined();

    vi.resetModules();
    const again = setUp({ inverters: [inverter('A', 'Garage', 0)], total: total(10), hints });
    await paint();
    await vi.waitFor(() => expect(document.querySelector('[data-live-totals]')).not.toBeNull());
    expect(again.takePaint!(AUTH)?.state.inverters.map((i) => i.serial)).toEqual(['A']);
    // The answer is used up, and frames from now on are the app's.
    expect(again.get['api/livedata/status']).toBeUndefined();
    again.frames.push(JSON.stringify({ inverters: [full('A', 'Garage', 0, 5)], total: total(5), hints }));
    again.onframe!();
    expect(again.frames).toHaveLength(1);
    expect(document.querySelector('[data-total="TotalPower"]')!.textContent).toBe('10.0 W');
  });

  it('waits for the device clock, so an inverter asleep at night never shows as unreachable first', async () => {
    const early = setUp({
      inverters: [{ ...inverter('A', 'Garage', 0), reachable: false, producing: false }],
      total: total(0),
      hints,
    });
    let status: (response: Response) => void = () => {};
    early.get['api/ntp/status'] = new Promise((done) => (status = done));
    await paint();
    await new Promise((done) => setTimeout(done, 0));
    expect(document.querySelector('[data-live-totals]')).toBeNull();
    status(
      json({ ntp_status: true, ntp_localtime: 'Sunday, June 21 2026 02:00:00', sun_isDayPeriod: false }),
    );
    await vi.waitFor(() => expect(document.querySelector('[data-live-totals]')).not.toBeNull());
    expect(document.querySelector('main section.card h2 [data-state]')!.getAttribute('data-state')).toBe(
      'asleep',
    );
  });

  it('shows no content it could not say in full: another hint, no inverters', async () => {
    setUp({
      inverters: [inverter('A', 'Garage', 0)],
      total: total(10),
      hints: { ...hints, time_sync: true },
    });
    await paint();
    await new Promise((done) => setTimeout(done, 0));
    expect(document.querySelector('main h1')!.textContent).toBe('Live data');
    expect(document.querySelector('[data-live-totals]')).toBeNull();
  });
});

describe('the live store', () => {
  it('starts from the first paint and does not ask for the list again', async () => {
    const state = {
      inverters: [{ ...inverter('A', 'Garage', 0), received_at: Date.now() }],
      total: total(10),
      hints,
    };
    const takePaint = vi.fn(() => ({ state, clock: { offset: 3_600_000, night: true } }));
    localStorage.setItem('user', JSON.stringify({ authdata: btoa('admin:openDTU42') }));
    Object.assign(globalThis, { __early: { href: location.href, get: {}, takePaint } });
    const fetch = vi.fn(async (_path: string) => json({}));
    vi.stubGlobal('fetch', fetch);
    const { liveStore } = await import('../src/api/live-store');
    const { deviceNow } = await import('../src/api/device-time');
    expect(takePaint).toHaveBeenCalledWith(AUTH);
    expect(liveStore.getSnapshot()).toMatchObject({
      loaded: true,
      inverters: state.inverters,
      total: state.total,
    });
    expect(deviceNow(0)).toBe(3_600_000);
    const stop = liveStore.subscribe(() => {});
    await new Promise((done) => setTimeout(done, 0));
    stop();
    expect(fetch.mock.calls.map(([path]) => path)).not.toContain('api/livedata/status');
  });
});
