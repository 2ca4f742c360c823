// The plant's history page (companion build, issue 33) against a stubbed plant history
// API: what an owner of several DTUs reads, and that a sum never hides whom it lacks.
import {
  energyFlow,
  PLANT_BUCKET_MS,
  type PlantEnergyAnswer,
  type PlantEnergyPeriod,
  type PlantPowerAnswer,
  type PlantPowerPoint,
} from '@opendtu/api';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../api/auth';
import { I18nProvider } from '../../i18n/i18n-provider';
import { PlantHistoryPage } from './plant-history-page';

const FROM = Date.parse('2026-06-21T00:00:00+02:00');
const NAMES = ['roof', 'barn', 'shed'];
const SHED = 'The device does not answer, so its access rule is unknown';

function point(index: number, roof: number | null, barn: number | null): PlantPowerPoint {
  const values = [roof, barn, null];
  const present = values.filter((w): w is number => w !== null);
  return {
    t: FROM + index * PLANT_BUCKET_MS,
    sum_w: present.length ? present.reduce((a, b) => a + b, 0) : null,
    devices: { roof, barn, shed: null },
    lacking: NAMES.filter((_, i) => values[i] === null),
  };
}

/** 12:00 both devices, 12:05 both, 12:30 only the roof; the shed never answered. */
function power(date: string): PlantPowerAnswer {
  const values: Record<number, [number | null, number | null]> = {
    144: [700, 500],
    145: [650, 450],
    150: [300, null],
  };
  return {
    date,
    timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
    from: FROM,
    to: FROM + 86_400_000,
    bucket_ms: PLANT_BUCKET_MS,
    devices: [
      { name: 'roof', unavailable: null, timezone: 'CET-1CEST,M3.5.0,M10.5.0/3' },
      { name: 'barn', unavailable: null, timezone: 'CET-1CEST,M3.5.0,M10.5.0/3' },
      { name: 'shed', unavailable: SHED, timezone: null },
    ],
    points: Array.from({ length: 288 }, (_, i) => point(i, values[i]?.[0] ?? null, values[i]?.[1] ?? null)),
  };
}

function period(day: number, roof: number | null, barn: number | null): PlantEnergyPeriod {
  const values = [roof, barn, null];
  const present = values.filter((wh): wh is number => wh !== null);
  const total = present.length ? present.reduce((a, b) => a + b, 0) : null;
  return {
    period: `2026-06-${String(day).padStart(2, '0')}`,
    total_wh: total,
    devices: { roof, barn, shed: null },
    lacking: NAMES.filter((_, i) => values[i] === null),
    ...energyFlow(total, null, null),
  };
}

const ENERGY: PlantEnergyAnswer = {
  by: 'day',
  from: '2026-06-01',
  to: '2026-06-30',
  devices: [
    { name: 'roof', unavailable: null },
    { name: 'barn', unavailable: null },
    { name: 'shed', unavailable: SHED },
  ],
  periods: Array.from({ length: 30 }, (_, i) =>
    i === 0 ? period(1, 1000, 2000) : i === 20 ? period(21, 500, null) : period(i + 1, null, null),
  ),
};

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The companion's root in plant mode; `respond` may answer a path otherwise. */
function stubPlant(respond?: (path: string) => Response | undefined | Promise<Response | undefined>) {
  const calls: { path: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push({ path, authorization: new Headers(init.headers).get('Authorization') });
      const own = await respond?.(path);
      if (own) return own;
      const url = new URL(path, 'http://plant/');
      if (url.pathname === '/companion/api/plant/power') {
        return url.searchParams.get('format') === 'csv'
          ? new Response('time,sum_w\r\n', { headers: { 'Content-Type': 'text/csv' } })
          : json(200, power(url.searchParams.get('date')!));
      }
      if (url.pathname === '/companion/api/plant/energy') return json(200, ENERGY);
      return new Response('not here', { status: 404 });
    }),
  );
  return calls;
}

const renderPage = () =>
  render(
    <I18nProvider>
      <PlantHistoryPage today="2026-06-21" />
    </I18nProvider>,
  );

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('locale', 'en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the plant history page', () => {
  it("shows the day's sum and each device, and says in words whom the sum lacks and when", async () => {
    const calls = stubPlant();
    renderPage();
    const chart = (
      await screen.findByRole('heading', { name: 'Power of the plant on June 21, 2026' })
    ).closest('section')!;
    expect(calls.map((call) => call.path)).toContain('companion/api/plant/power?date=2026-06-21');
    expect(within(chart).getByText('Highest sum 1,200 W at 12:00.')).toBeTruthy();
    // The legend: the sum and one line per device, at the newest minute with a value.
    expect([...chart.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Total: 300 W',
      'roof: 300 W',
      'barn: –',
      'shed: –',
    ]);
    expect(document.querySelector('[data-plant-shortfalls]')!.textContent).toBe(
      'From 12:30 to 12:35 the sum lacks barn: nothing recorded there.',
    );
    expect(screen.getAllByText(`shed gave no history (${SHED}); the sums lack it.`)).toHaveLength(2);
  });

  it('moves through the days, never past today', async () => {
    const calls = stubPlant();
    renderPage();
    await screen.findByRole('heading', { name: 'Power of the plant on June 21, 2026' });
    expect((screen.getByRole('button', { name: 'Next day' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await screen.findByRole('heading', { name: 'Power of the plant on June 20, 2026' });
    expect(calls.map((call) => call.path)).toContain('companion/api/plant/power?date=2026-06-20');
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-07-04' } });
    await screen.findByRole('heading', { name: 'Power of the plant on June 21, 2026' });
  });

  it("says that no device recorded a day's power", async () => {
    stubPlant((path) =>
      path.includes('plant/power') ? json(200, { ...power('2026-06-21'), points: [] }) : undefined,
    );
    renderPage();
    expect(await screen.findByText('No device recorded power on this day.')).toBeTruthy();
  });

  it('stacks the energy by device and totals it, naming who the total lacks', async () => {
    const calls = stubPlant();
    renderPage();
    const totals = await screen.findByText(/^Total June 2026/);
    expect(calls.map((call) => call.path)).toContain(
      'companion/api/plant/energy?by=day&from=2026-06-01&to=2026-06-30',
    );
    expect(totals.textContent).toBe('Total June 2026: 3.5 kWh without barn, shed');
    const list = document.querySelector('[data-energy-totals]')!;
    expect([...list.querySelectorAll('li')].slice(1).map((item) => item.textContent)).toEqual([
      'roof: 1.5 kWh',
      'barn: 2.0 kWh',
      'shed: –',
    ]);
    // Two segments on the 1st, one on the 21st.
    expect(document.querySelectorAll('[data-period="2026-06-01"] rect')).toHaveLength(2);
    expect(document.querySelectorAll('[data-period="2026-06-21"] rect')).toHaveLength(1);
    const bars = screen.getByRole('slider', { name: /Energy bars by device/ });
    fireEvent.keyDown(bars, { key: 'Home' });
    expect(document.querySelector('[data-energy-readout]')!.textContent).toBe(
      'June 1, 2026: 3.0 kWh without shed (roof 1.0 kWh, barn 2.0 kWh, shed –)',
    );
    fireEvent.keyDown(bars, { key: 'End' });
    expect(document.querySelector('[data-energy-readout]')!.textContent).toBe(
      'June 30, 2026: – (roof –, barn –, shed –)',
    );
  });

  it('asks for months and years too', async () => {
    const calls = stubPlant();
    renderPage();
    await screen.findByText(/^Total June 2026/);
    const paths = () => calls.map((call) => call.path);
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'month' } });
    await vi.waitFor(() =>
      expect(paths()).toContain('companion/api/plant/energy?by=month&from=2026-01-01&to=2026-12-31'),
    );
    // Twenty years back from this one; those before the first with energy are not shown.
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'year' } });
    await vi.waitFor(() =>
      expect(paths()).toContain('companion/api/plant/energy?by=year&from=2007-01-01&to=2026-12-31'),
    );
  });

  it('downloads the CSV of the day with the stored login', async () => {
    storeUser('admin', 'openDTU42');
    const calls = stubPlant();
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:plant';
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderPage();
    const chart = (
      await screen.findByRole('heading', { name: 'Power of the plant on June 21, 2026' })
    ).closest('section')!;
    fireEvent.click(within(chart).getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(saved).toEqual(['plant-power-2026-06-21.csv']));
    expect(calls.find((call) => call.path.endsWith('format=csv'))).toEqual({
      path: 'companion/api/plant/power?date=2026-06-21&format=csv',
      authorization: `Basic ${btoa('admin:openDTU42')}`,
    });
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('leads to the plant page’s login when a device requires one', async () => {
    stubPlant(() => json(401, { message: 'Unauthorized' }));
    renderPage();
    const links = await screen.findAllByRole('link', { name: 'Log in on the plant page' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['plant', 'plant']);
  });

  it('says why the history could not be read, and tries again on request', async () => {
    let fail = true;
    stubPlant((path) =>
      fail && path.includes('plant/power') ? json(500, { message: 'disk on fire' }) : undefined,
    );
    renderPage();
    expect(await screen.findByText(/The plant's history could not be read: disk on fire/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Power of the plant on June 21, 2026' });
  });
});

describe('the plant history left open', () => {
  let hidden = false;
  const show = async (visible: boolean) => {
    hidden = !visible;
    await act(async () => void document.dispatchEvent(new Event('visibilitychange')));
  };
  const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
  const asked = (calls: { path: string }[], part: string) =>
    calls.filter(({ path }) => path.includes(part) && !path.includes('format=csv')).length;

  beforeEach(() => {
    hidden = false;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });

  afterEach(() => {
    vi.useRealTimers();
    delete (document as { hidden?: boolean }).hidden;
  });

  it("follows today's curve every minute while visible, at once when shown again, keeping the chart meanwhile", async () => {
    let roofAtNoon = 700;
    let answering: Promise<void> = Promise.resolve();
    const calls = stubPlant(async (path) => {
      if (!path.startsWith('companion/api/plant/power?date=2026-06-21') || path.includes('csv')) return;
      await answering;
      const answer = power('2026-06-21');
      answer.points[144] = point(144, roofAtNoon, 500);
      return json(200, answer);
    });
    renderPage();
    const chart = (
      await screen.findByRole('heading', { name: 'Power of the plant on June 21, 2026' })
    ).closest('section')!;
    expect(within(chart).getByText('Highest sum 1,200 W at 12:00.')).toBeTruthy();
    expect(asked(calls, 'plant/power?date=2026-06-21')).toBe(1);

    // The next answer is slow: what was read stays on screen, no spinner in its place.
    let answer = () => {};
    answering = new Promise((resolve) => (answer = resolve));
    roofAtNoon = 1000;
    await wait(60_000);
    expect(asked(calls, 'plant/power?date=2026-06-21')).toBe(2);
    expect(within(chart).getByText('Highest sum 1,200 W at 12:00.')).toBeTruthy();
    expect(within(chart).queryByRole('status', { name: /Loading/ })).toBeNull();
    await act(async () => answer());
    expect(await within(chart).findByText('Highest sum 1,500 W at 12:00.')).toBeTruthy();
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('2026-06-21');

    await show(false);
    await wait(600_000);
    expect(asked(calls, 'plant/power?date=2026-06-21')).toBe(2);
    roofAtNoon = 1100;
    await show(true);
    expect(asked(calls, 'plant/power?date=2026-06-21')).toBe(3);
    expect(await within(chart).findByText('Highest sum 1,600 W at 12:00.')).toBeTruthy();
  });

  it('keeps the curve read before when a refresh fails, says so, and recovers on the next', async () => {
    let failing = false;
    stubPlant((path) =>
      failing && path.includes('plant/power') ? json(503, { message: 'companion restarting' }) : undefined,
    );
    renderPage();
    const chart = (
      await screen.findByRole('heading', { name: 'Power of the plant on June 21, 2026' })
    ).closest('section')!;
    failing = true;
    await wait(60_000);
    expect(
      await screen.findByText(/The plant's history could not be read: companion restarting/),
    ).toBeTruthy();
    expect(within(chart).getByText('Highest sum 1,200 W at 12:00.')).toBeTruthy();
    failing = false;
    await wait(60_000);
    await vi.waitFor(() => expect(screen.queryByText(/could not be read/)).toBeNull());
    expect(within(chart).getByText('Highest sum 1,200 W at 12:00.')).toBeTruthy();
  });

  it('asks a day gone by only once', async () => {
    const calls = stubPlant();
    renderPage();
    await screen.findByRole('heading', { name: 'Power of the plant on June 21, 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await screen.findByRole('heading', { name: 'Power of the plant on June 20, 2026' });
    await wait(180_000);
    await show(false);
    await show(true);
    expect(asked(calls, 'plant/power?date=2026-06-20')).toBe(1);
    expect(asked(calls, 'plant/power?date=2026-06-21')).toBe(1);
  });

  it('renews the energy of a period containing today every five minutes, keeping the bar picked; not an earlier one', async () => {
    let roofOnTheFirst = 1000;
    const calls = stubPlant((path) =>
      path.startsWith('companion/api/plant/energy')
        ? json(200, { ...ENERGY, periods: [period(1, roofOnTheFirst, 2000), ...ENERGY.periods.slice(1)] })
        : undefined,
    );
    renderPage();
    await screen.findByText(/^Total June 2026/);
    const bars = screen.getByRole('slider', { name: /Energy bars by device/ });
    fireEvent.keyDown(bars, { key: 'Home' });
    const readout = () => document.querySelector('[data-energy-readout]')!.textContent;
    expect(readout()).toMatch(/^June 1, 2026: 3\.0 kWh/);

    roofOnTheFirst = 2000;
    await wait(60_000);
    expect(asked(calls, 'plant/energy?by=day&from=2026-06-01')).toBe(1);
    await wait(240_000);
    expect(asked(calls, 'plant/energy?by=day&from=2026-06-01')).toBe(2);
    await vi.waitFor(() => expect(readout()).toMatch(/^June 1, 2026: 4\.0 kWh/));

    fireEvent.click(screen.getByRole('button', { name: 'Previous period' }));
    await screen.findByText(/^Total May 2026/);
    await wait(600_000);
    expect(asked(calls, 'plant/energy?by=day&from=2026-05-01')).toBe(1);
  });
});
