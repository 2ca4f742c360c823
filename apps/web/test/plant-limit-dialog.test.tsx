// One limit for the whole plant (issue 33), against a stubbed companion: what an owner sees
// in the dialog of the plant page, and what the companion is asked to send.
import {
  plantTotals,
  type PlantAnswer,
  type PlantDevice,
  type PlantInverter,
  type PlantLimitAnswer,
  type PlantLimitEntry,
  type PlantLimitRequest,
  type PlantLimitStatusAnswer,
  type SetStatus,
} from '@opendtu/api';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PlantApp } from '../src/app/plant-shell';
import { PLANT_PATH } from '../src/features/plant/plant-api';
import { PLANT_LIMIT_PATH } from '../src/features/plant/plant-limit-api';
import { withoutDevicePacks } from '../src/i18n/i18n-provider';
import { asServed, json } from './support/page-setup';

const device = (name: string, online: boolean, inverters: number): PlantDevice => ({
  name,
  online,
  offline_since: online ? null : '2026-11-28T08:00:00Z',
  firmware: 'v25.4.10',
  inverters,
  totals: { power_w: 100, yield_day_wh: 100, yield_total_kwh: 1 },
});

const inverter = (device: string, serial: string, name: string, order = 0): PlantInverter => ({
  device,
  serial,
  name,
  order,
  reachable: true,
  producing: true,
  power_w: 100,
  yield_day_wh: 100,
  yield_total_kwh: 1,
  limit_relative: 100,
  data_age_ms: 1000,
  strings: [],
});

const DEVICES = [device('roof', true, 2), device('garage', false, 1), device('shed', true, 1)];
// The shed's inverter has the serial of one on the roof: the dialog keeps them apart.
const PLANT: PlantAnswer = {
  devices: DEVICES,
  totals: plantTotals(DEVICES),
  inverters: [
    inverter('roof', '114181234569', 'Roof west'),
    inverter('roof', '116181234570', 'Roof east', 1),
    inverter('garage', '114181111111', 'Garage'),
    inverter('shed', '114181234569', 'Shed'),
  ],
  duplicates: [{ serial: '114181234569', devices: ['roof', 'shed'] }],
};

const WEST = 'roof/114181234569';
const EAST = 'roof/116181234570';
const SHED = 'shed/114181234569';
const GARAGE = 'garage/114181111111';

const entry = (key: string, max: number, status: SetStatus = 'Ok', relative = 100): PlantLimitEntry => {
  const [name, serial] = key.split('/') as [string, string];
  return { device: name, serial, max_power: max, limit_relative: relative, limit_set_status: status };
};

/** The devices' limit states as the companion joins them; the garage does not answer. */
const statusOf = (west: SetStatus, east: SetStatus, shed: SetStatus): PlantLimitStatusAnswer => ({
  inverters: [entry(WEST, 800, west, 50), entry(EAST, 400, east, 50), entry(SHED, 1600, shed, 50)],
  lacking: ['garage'],
});

const sentAll = (request: PlantLimitRequest): PlantLimitAnswer => ({
  results: request.parts.map((part) => ({ ...part, sent: true, status: 200, message: 'Settings saved!' })),
});

/** The companion in plant mode; `status` and `post` may change during a test. */
function stubCompanion() {
  const stub = {
    status: statusOf('Ok', 'Ok', 'Ok'),
    post: (request: PlantLimitRequest, _authorization: string | null): Response =>
      json(200, sentAll(request)),
    posts: [] as PlantLimitRequest[],
    authorizations: [] as (string | null)[],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === PLANT_PATH) return json(200, PLANT);
      if (path !== PLANT_LIMIT_PATH) return new Response('not here', { status: 404 });
      if (init.method !== 'POST') return json(200, stub.status);
      const request = JSON.parse(await (init.body as Blob).text()) as PlantLimitRequest;
      const authorization = new Headers(init.headers).get('Authorization');
      stub.posts.push(request);
      stub.authorizations.push(authorization);
      return stub.post(request, authorization);
    }),
  );
  return stub;
}

const row = (key: string): HTMLElement => document.querySelector<HTMLElement>(`[data-part="${key}"]`)!;
const partOf = (key: string): string => row(key).querySelector('[data-value]')!.textContent!;
const badgeOf = (key: string): string | undefined =>
  row(key).querySelector('.badge')?.textContent ?? undefined;
const tick = () => act(async () => void vi.advanceTimersByTime(2000));

async function openDialog(): Promise<HTMLElement> {
  render(<PlantApp />);
  fireEvent.click(await screen.findByRole('button', { name: 'Set a limit for all' }));
  const dialog = await screen.findByRole('dialog', { name: 'Power limit: Plant' });
  await within(dialog).findByRole('table');
  return dialog;
}

function enter(dialog: HTMLElement, value: string, unit = 'W'): void {
  fireEvent.change(within(dialog).getByLabelText(`New limit (${unit})`), { target: { value } });
}

withoutDevicePacks();

asServed();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

describe('the plant limit dialog', () => {
  it("splits a total by rated power across the online devices' inverters and sends each part", async () => {
    const stub = stubCompanion();
    const dialog = await openDialog();
    const garage = within(row(GARAGE)).getByRole('checkbox', { name: /Garage/ });
    expect(garage).toHaveProperty('disabled', true);
    expect(row(GARAGE).textContent).toContain('Device offline');

    enter(dialog, '1400');
    expect([partOf(WEST), partOf(EAST), partOf(SHED), partOf(GARAGE)]).toEqual([
      '400 W',
      '200 W',
      '800 W',
      '',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set until restart' }));
    await act(async () => {});
    expect(stub.posts).toEqual([
      {
        relative: false,
        persistent: false,
        parts: [
          { device: 'roof', serial: '114181234569', value: 400 },
          { device: 'roof', serial: '116181234570', value: 200 },
          { device: 'shed', serial: '114181234569', value: 800 },
        ],
      },
    ]);
  });

  it('splits equally, sends a relative limit as it is to each chosen inverter, persistently on request', async () => {
    const stub = stubCompanion();
    const dialog = await openDialog();
    enter(dialog, '1200');
    fireEvent.click(within(dialog).getByLabelText('Equally'));
    expect([partOf(WEST), partOf(EAST), partOf(SHED)]).toEqual(['400 W', '400 W', '400 W']);
    fireEvent.click(within(row(EAST)).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByLabelText('Relative (%)'));
    enter(dialog, '60', '%');
    expect([partOf(WEST), partOf(EAST), partOf(SHED)]).toEqual(['60 %', '', '60 %']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep after restart' }));
    await act(async () => {});
    expect(stub.posts).toEqual([
      {
        relative: true,
        persistent: true,
        parts: [
          { device: 'roof', serial: '114181234569', value: 60 },
          { device: 'shed', serial: '114181234569', value: 60 },
        ],
      },
    ]);
  });

  it('refuses a value above what the chosen inverters take together, and sends nothing', async () => {
    const stub = stubCompanion();
    const dialog = await openDialog();
    enter(dialog, '2801');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set until restart' }));
    expect(within(dialog).getByText('Enter a number from 0 to 2800.')).toBeTruthy();
    await act(async () => {});
    expect(stub.posts).toEqual([]);
  });

  it("shows each inverter's acknowledgement as it arrives and retries the parts that failed", async () => {
    const stub = stubCompanion();
    stub.post = (request) =>
      json(200, {
        results: request.parts.map((part) =>
          part.device === 'shed'
            ? { ...part, sent: false, status: 0, message: 'shed did not answer' }
            : { ...part, sent: true, status: 200, message: 'Settings saved!' },
        ),
      });
    const dialog = await openDialog();
    expect(badgeOf(WEST)).toBeUndefined();
    enter(dialog, '1400');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set until restart' }));
    await act(async () => {});
    expect([badgeOf(WEST), badgeOf(EAST), badgeOf(SHED)]).toEqual(['Waiting', 'Waiting', 'Failed']);
    expect(row(SHED).textContent).toContain('shed did not answer');
    expect(row(WEST).textContent).not.toContain('Settings saved!');

    stub.status = statusOf('Pending', 'Pending', 'Ok');
    await tick();
    stub.status = statusOf('Ok', 'Pending', 'Ok');
    await tick();
    expect([badgeOf(WEST), badgeOf(EAST)]).toEqual(['Done', 'Waiting']);
    stub.status = statusOf('Ok', 'Failure', 'Ok');
    await tick();
    expect([badgeOf(WEST), badgeOf(EAST)]).toEqual(['Done', 'Failed']);

    stub.post = (request) => json(200, sentAll(request));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await act(async () => {});
    expect(stub.posts[1]).toEqual({
      relative: false,
      persistent: false,
      parts: [
        { device: 'roof', serial: '116181234570', value: 200 },
        { device: 'shed', serial: '114181234569', value: 800 },
      ],
    });
    expect([badgeOf(WEST), badgeOf(EAST), badgeOf(SHED)]).toEqual(['Done', 'Waiting', 'Waiting']);
    expect(row(SHED).textContent).not.toContain('shed did not answer');
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says that the login must hold on every device when the companion refuses it, and nothing shows as sent', async () => {
    const stub = stubCompanion();
    stub.post = () => json(401, { message: 'Unauthorized' });
    const dialog = await openDialog();
    enter(dialog, '1400');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set until restart' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      "Invalid credentials: the login must be the admin's on every device chosen. Nothing was sent.",
    );
    expect([badgeOf(WEST), badgeOf(EAST), badgeOf(SHED)]).toEqual([undefined, undefined, undefined]);
  });

  it("shows the server's message for a request it finds wrong", async () => {
    const stub = stubCompanion();
    stub.post = () => json(400, { message: 'no device attic (roof, garage, shed)' });
    const dialog = await openDialog();
    enter(dialog, '1400');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set until restart' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The limit was not sent: no device attic (roof, garage, shed)');
  });

  it('offers the login in place when sending needs one, stores it and sends the same parts again at once', async () => {
    const stub = stubCompanion();
    const admin = `Basic ${btoa('admin:openDTU42')}`;
    // The plant reads without a login; only sending asks for the admin's.
    stub.post = (request, authorization) =>
      authorization === admin
        ? json(200, sentAll(request))
        : json(401, { message: 'Invalid credentials: roof refused the login' });
    const dialog = await openDialog();
    enter(dialog, '1400');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set until restart' }));
    const login = await within(dialog).findByRole('form', { name: 'Log in to send the limit' });
    expect(document.activeElement).toBe(within(login).getByLabelText('Username'));
    expect(stub.authorizations).toEqual([null]);

    fireEvent.change(within(login).getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(within(login).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(login).getByRole('button', { name: 'Log in' }));
    expect((await within(login).findByRole('alert')).textContent).toBe('Invalid credentials');
    expect(stub.authorizations[1]).toBe(`Basic ${btoa('admin:wrong')}`);
    expect(localStorage.getItem('user')).toBeNull();
    expect([badgeOf(WEST), badgeOf(EAST), badgeOf(SHED)]).toEqual([undefined, undefined, undefined]);

    fireEvent.change(within(login).getByLabelText('Password'), { target: { value: 'openDTU42' } });
    fireEvent.click(within(login).getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(within(dialog).queryByRole('form')).toBeNull());
    expect(stub.posts).toHaveLength(3);
    expect(stub.posts[2]).toEqual(stub.posts[0]);
    expect(stub.authorizations[2]).toBe(admin);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ authdata: btoa('admin:openDTU42') });
    expect([badgeOf(WEST), badgeOf(EAST), badgeOf(SHED)]).toEqual(['Waiting', 'Waiting', 'Waiting']);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
