/* eslint-disable @typescript-eslint/no-explicit-any -- wire objects are checked field by field */
import type { ConfigInverter } from '@opendtu/api';
import { dataForm, type TestDevice } from './helpers';

/** The demo installation: an HM-800, an HMS-2000-4T and an HMT-2250-6T. */
export const HM = '114181234569';
export const HMS = '116491234568';
export const HMT = '138291234567';

/** Moves the clock and lets the simulation catch up, as the 1 s timer would. */
export function advance(device: TestDevice, ms: number): void {
  device.clock.advance(ms);
  device.app.device.inverters.step(device.clock.now());
}

/** Advances in steps, so every poll in between happens at its time. */
export function advanceTo(device: TestDevice, epochMs: number, stepMs = 600_000): void {
  while (device.clock.now() < epochMs) advance(device, Math.min(stepMs, epochMs - device.clock.now()));
}

export async function get(device: TestDevice, url: string): Promise<any> {
  return (await device.app.inject({ method: 'GET', url })).json();
}

export async function post(device: TestDevice, url: string, data: unknown): Promise<any> {
  return (await device.app.inject({ method: 'POST', url, ...dataForm(data) })).json();
}

/** The full live-data object of one inverter. */
export async function liveOf(device: TestDevice, serial: string): Promise<any> {
  return (await get(device, `/api/livedata/status?inv=${serial}`)).inverters[0];
}

/** Changes a demo inverter's settings as a saved inverter form would. */
export async function configure(
  device: TestDevice,
  serial: string,
  changes: Partial<ConfigInverter>,
): Promise<void> {
  const slot = device.app.device.config.get().inverters.find((s) => s.serial === Number.parseInt(serial, 16));
  if (!slot) throw new Error(`no slot for ${serial}`);
  Object.assign(slot, changes);
  await device.app.device.saveConfig('inverters');
}

/** Local wall-clock seconds of day (CEST, the default zone in June) of an instant. */
export const cestSecondOfDay = (epochMs: number): number => (Math.floor(epochMs / 1000) + 7200) % 86_400;
