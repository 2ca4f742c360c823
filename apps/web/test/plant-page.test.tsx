// The plant page of the companion build (issue 33), against a stubbed plant API: what an
// owner with several DTUs sees, and that the page asks nothing of a device at the root.
import { plantTotals, type PlantAnswer, type PlantDevice, type PlantInverter } from '@opendtu/api';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedUser } from '../src/api/auth';
import { PlantApp, plantPage } from '../src/app/plant-shell';
import { PLANT_PATH } from '../src/features/plant/plant-api';
import { withoutDevicePacks } from '../src/i18n/i18n-provider';
import { asServed, json } from './support/page-setup';

const DEVICES: PlantDevice[] = [
  {
    name: 'roof',
    online: true,
    offline_since: null,
    firmware: 'v25.4.10',
    inverters: 2,
    totals: { power_w: 800, yield_day_wh: 1200, yield_total_kwh: 1000.5 },
  },
  {
    name: 'garage',
    online: false,
    offline_since: '2026-11-28T08:00:00Z',
    firmware: 'v26.3.28',
    inverters: 1,
    totals: { power_w: 700, yield_day_wh: 900, yield_total_kwh: 500 },
  },
  {
    name: 'shed',
    online: true,
    offline_since: null,
    firmware: 'v25.4.10',
    inverters: 1,
    totals: { power_w: 100, yield_day_wh: 300, yield_total_kwh: 20.25 },
  },
];

function inverter(device: string, serial: string, name: string, power: number, order = 0): PlantInverter {
  return {
    device,
    serial,
    name,
    order,
    reachable: true,
    producing: power > 0,
    power_w: power,
    yield_day_wh: power * 1.5,
    yield_total_kwh: 100,
    limit_relative: 100,
    data_age_ms: 4000,
    strings: [
      { name: 'East', power_w: power / 2, yield_day_wh: null },
      { name: '', power_w: power / 2, yield_day_wh: null },
    ],
  };
}

const ANSWER: PlantAnswer = {
  devices: DEVICES,
  totals: plantTotals(DEVICES),
  inverters: [
    inverter('roof', '114181234569', 'Roof west', 300),
    inverter('roof', '116181234570', 'Roof east', 500, 1),
    inverter('garage', '114181111111', 'Garage', 700),
    inverter('shed', '114181234569', 'Shed', 100),
  ],
  duplicates: [{ serial: '114181234569', devices: ['roof', 'shed'] }],
};

/** The plant's own grid meter (issue 45): none, unless a test gives one. */
let plantMeter: unknown = { state: 'off' };

/**
 * The companion at its root in plant mode: the plant API and nothing else. The plant
 * meter's reading, asked every 2 s of its own, is answered apart and not among `calls`.
 */
function stubCompanion(respond: (init: RequestInit) => Response = () => json(200, ANSWER)) {
  const calls: { path: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === 'companion/api/plant/meter') return json(200, plantMeter);
      calls.push({ path, authorization: new Headers(init.headers).get('Authorization') });
      return path === PLANT_PATH ? respond(init) : new Response('not here', { status: 404 });
    }),
  );
  return calls;
}

/** The list's rows as "device/inverter", top to bottom. */
const rows = (): string[] =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => `${row.dataset.device}/${row.querySelector('.fw-semibold')!.textContent}`);

const totals = (): HTMLElement => document.querySelector<HTMLElement>('[data-totals]')!;

// As main.tsx does before it renders the plant page.
withoutDevicePacks();

asServed();

afterEach(() => {
  plantMeter = { state: 'off' };
});

describe('the plant page', () => {
  it('shows the sums of the online devices and says beside them which device they lack', async () => {
    const calls = stubCompanion();
    render(<PlantApp />);
    await screen.findByRole('table');
    expect(within(totals()).getByText('Power now').nextElementSibling!.textContent).toBe('900.0 W');
    expect(within(totals()).getByText('Yield today').nextElementSibling!.textContent).toBe('1,500 Wh');
    expect(within(totals()).getByText('Total yield').nextElementSibling!.textContent).toBe('1,020.8 kWh');
    const lacking = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent!.includes('These sums are incomplete'));
    expect(lacking?.textContent).toMatch(/Without garage: offline since .*2026/);
    expect(lacking?.textContent).not.toMatch(/roof|shed/);
    // No device API at the companion's root in plant mode: not even the language list.
    expect(calls.map((call) => call.path)).toEqual([PLANT_PATH]);
  });

  it("shows the plant's own grid meter beside the totals when it has one, nothing when not", async () => {
    stubCompanion();
    render(<PlantApp />);
    await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: 'Where the power goes now' })).toBeNull();
    cleanup();
    plantMeter = {
      state: 'fresh',
      kind: 'tasmota',
      power_w: -300,
      at: '2026-06-21T12:00:05+02:00',
      age_s: 1,
      error: null,
      counter_error: null,
      energy_from: 'counters',
      today: { imported_wh: 0, exported_wh: 0 },
    };
    stubCompanion();
    render(<PlantApp />);
    const card = await screen.findByRole('region', { name: 'Where the power goes now' });
    // 900 W from the plant's inverters, 300 W of it fed into the grid.
    expect(within(card).getByText(/to spare/).textContent).toBe('300 W to spare: it goes into the grid.');
    expect(within(card).getByText(/^The house uses/).textContent).toBe('The house uses 600 W.');
  });

  it('lists the devices with their state and links each to its own app', async () => {
    stubCompanion();
    render(<PlantApp />);
    const garage = (await screen.findAllByText('garage')).find((element) =>
      element.closest('[data-device] article'),
    )!;
    const card = garage.closest('article')!;
    expect(garage.closest('a')!.getAttribute('href')).toBe('dtu/garage/');
    expect(within(card).getByText(/^Offline since /)).toBeTruthy();
    expect(within(card).getByText('700.0 W').className).toContain('text-body-secondary');
    const roof = screen.getAllByText('roof').find((element) => element.closest('[data-device] article'))!;
    expect(within(roof.closest('article')!).getByText('Online')).toBeTruthy();
    expect(within(roof.closest('article')!).getByText('800.0 W').className).not.toContain(
      'text-body-secondary',
    );
    // The bar's device menu opens each device's app as well.
    const menu = within(screen.getByRole('navigation'));
    expect(menu.getByRole('link', { name: 'shed' }).getAttribute('href')).toBe('dtu/shed/');
  });

  it("greys an offline device's inverters and keeps their last values", async () => {
    stubCompanion();
    render(<PlantApp />);
    const table = await screen.findByRole('table');
    const garage = table.querySelector<HTMLElement>('tr[data-device="garage"]')!;
    const roof = table.querySelector<HTMLElement>('tr[data-device="roof"]')!;
    expect(within(garage).getByText('700.0 W')).toBeTruthy();
    expect(
      [...garage.querySelectorAll('td')].every((cell) => cell.classList.contains('text-body-secondary')),
    ).toBe(true);
    // The state in words, in its column and, on a phone, beside the name.
    expect(within(garage).getAllByText('Device offline')).toHaveLength(2);
    expect(
      [...roof.querySelectorAll('td')].some((cell) => cell.classList.contains('text-body-secondary')),
    ).toBe(false);
    expect(within(roof).getAllByText('Producing')).toHaveLength(2);
    expect(within(roof).getByText('East: 150.0 W')).toBeTruthy();
    expect(within(roof).getByText('String 2: 150.0 W')).toBeTruthy();
  });

  it('narrows the list to one device with the filter', async () => {
    stubCompanion();
    render(<PlantApp />);
    await screen.findByRole('table');
    expect(rows()).toHaveLength(4);
    fireEvent.change(screen.getByLabelText('Device'), { target: { value: 'shed' } });
    expect(rows()).toEqual(['shed/Shed']);
    fireEvent.change(screen.getByLabelText('Device'), { target: { value: '' } });
    expect(rows()).toHaveLength(4);
  });

  it('sorts by power from the column header, largest first, then the other way', async () => {
    stubCompanion();
    render(<PlantApp />);
    const table = await screen.findByRole('table');
    expect(rows()).toEqual(['roof/Roof west', 'roof/Roof east', 'garage/Garage', 'shed/Shed']);
    const power = within(table).getByRole('button', { name: 'Power' });
    fireEvent.click(power);
    expect(rows()).toEqual(['garage/Garage', 'roof/Roof east', 'roof/Roof west', 'shed/Shed']);
    expect(power.closest('th')!.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(power);
    expect(rows()).toEqual(['shed/Shed', 'roof/Roof west', 'roof/Roof east', 'garage/Garage']);
    expect(power.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(table).getByRole('button', { name: 'Device' }));
    expect(rows()).toEqual(['garage/Garage', 'roof/Roof west', 'roof/Roof east', 'shed/Shed']);
    expect(power.closest('th')!.hasAttribute('aria-sort')).toBe(false);
  });

  it('warns of a serial that two devices report', async () => {
    stubCompanion();
    render(<PlantApp />);
    await screen.findByRole('table');
    const warning = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent!.includes('more than one DTU'));
    expect(warning?.textContent).toContain('114181234569 is polled by roof and shed.');
    expect(warning?.textContent).toContain('disturb each other');
  });

  it('says when the plant cannot be read, and keeps the last values', async () => {
    let failing = false;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    stubCompanion(() => (failing ? json(502, { message: 'Bad Gateway' }) : json(200, ANSWER)));
    render(<PlantApp />);
    await screen.findByRole('table');
    failing = true;
    await act(async () => void vi.advanceTimersByTime(2000));
    const error = await screen.findByText(/The plant could not be read: Bad Gateway/);
    expect(error.closest('[role="alert"]')).not.toBeNull();
    expect(rows()).toHaveLength(4);
  });

  it('asks every 2 s while the tab is visible, nothing while hidden, and at once when shown', async () => {
    let hidden = false;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const calls = stubCompanion();
    try {
      render(<PlantApp />);
      await screen.findByRole('table');
      expect(calls).toHaveLength(1);
      await act(async () => void vi.advanceTimersByTime(2000));
      expect(calls).toHaveLength(2);
      hidden = true;
      await act(async () => void document.dispatchEvent(new Event('visibilitychange')));
      await act(async () => void vi.advanceTimersByTime(10_000));
      expect(calls).toHaveLength(2);
      hidden = false;
      await act(async () => void document.dispatchEvent(new Event('visibilitychange')));
      expect(calls).toHaveLength(3);
    } finally {
      delete (document as { hidden?: boolean }).hidden;
    }
  });
});

describe('the login on the plant page', () => {
  const GOOD = `Basic ${btoa('admin:secret')}`;

  it('asks for a login on 401, refuses a wrong password and shows the plant with the right one', async () => {
    const calls = stubCompanion((init) =>
      new Headers(init.headers).get('Authorization') === GOOD
        ? json(200, ANSWER)
        : json(401, { message: 'A device requires a login' }),
    );
    render(<PlantApp />);
    const username = await screen.findByLabelText('Username');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.change(username, { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials');
    expect(storedUser()).toBeNull();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('table');
    expect(screen.queryByLabelText('Password')).toBeNull();
    // Kept as the app's own login keeps it: the devices' apps on this origin read it too.
    expect(storedUser()?.authdata).toBe(btoa('admin:secret'));
    expect(calls.at(-1)!.authorization).toBe(GOOD);
    expect(calls.every((call) => call.path === PLANT_PATH)).toBe(true);
  });
});

describe("the plant's pages", () => {
  it('are /plant and /plant/history, with or without a slash or a query; nothing else', () => {
    expect(plantPage('/plant')).toBe('/plant');
    expect(plantPage('/plant/?lang=de')).toBe('/plant');
    expect(plantPage('/plant/history')).toBe('/plant/history');
    expect(plantPage('/')).toBeUndefined();
    expect(plantPage('/plants')).toBeUndefined();
    expect(plantPage('/history')).toBeUndefined();
  });

  it('share one bar that marks the page shown', async () => {
    stubCompanion();
    render(<PlantApp path="/plant/history" />);
    const bar = within(screen.getByRole('navigation'));
    expect(bar.getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe('page');
    expect(bar.getByRole('link', { name: 'Plant' }).hasAttribute('aria-current')).toBe(false);
    // The bar's device menu comes from the plant answer here too; the history waits for it
    // (the plant's today starts its day).
    expect((await bar.findByRole('link', { name: 'roof' })).getAttribute('href')).toBe('dtu/roof/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Plant history');
  });
});
