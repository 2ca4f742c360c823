// Waiting out loads that switch on and off as a setting: on by default, taken from a save
// only as true or false, kept in control.json, and on for a file saved before the setting
// existed (its owner keeps the behaviour they had).
import type { ControlSettingsBody } from '@opendtu/api';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseControlOptions } from '../src/control/options';
import { CONTROL_DEFAULTS, parseControlSettingsBody } from '../src/control/settings-body';
import { CONTROL_FILE, optionsBody, readSavedControl, writeSavedControl } from '../src/control/settings-file';
import { tempDir } from './helpers';

const ON: ControlSettingsBody = {
  ...CONTROL_DEFAULTS,
  enabled: true,
  meter: { kind: 'shelly-pro-3em', url: 'http://192.168.1.60/', path: null },
};

let folder: string | undefined;
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('waiting out loads that switch on and off', () => {
  it('is on until the owner turns it off', () => {
    expect(CONTROL_DEFAULTS.wait_out_switching).toBe(true);
    expect(optionsBody(undefined).wait_out_switching).toBe(true);
    const options = parseControlOptions(
      (name) => `--${name}`,
      (name) => (name === 'control-meter' ? 'shelly-pro-3em:http://192.168.1.60' : undefined),
    );
    expect(optionsBody(options)).toEqual(ON);
  });

  it('is taken from a save as true or false, and refused otherwise with the reason', () => {
    const saved = parseControlSettingsBody({ ...ON, wait_out_switching: false }, CONTROL_DEFAULTS);
    expect(saved.body.wait_out_switching).toBe(false);
    expect(saved.config?.waitOutSwitching).toBe(false);
    expect(optionsBody(saved.config)).toEqual(saved.body);
    // A save without it (a script from before the setting) keeps what is saved.
    const { wait_out_switching: _, ...without } = ON;
    expect(
      parseControlSettingsBody(without, { ...CONTROL_DEFAULTS, wait_out_switching: false }).body,
    ).toMatchObject({
      wait_out_switching: false,
    });
    expect(parseControlSettingsBody(without, CONTROL_DEFAULTS).body.wait_out_switching).toBe(true);
    for (const wrong of ['off', 0, null])
      expect(() => parseControlSettingsBody({ ...ON, wait_out_switching: wrong }, CONTROL_DEFAULTS)).toThrow(
        /^wait_out_switching must be true or false$/,
      );
  });

  it('is kept in control.json, and on for a file saved before it existed', async () => {
    folder = await tempDir('control-settings-body');
    await writeSavedControl(folder, { ...ON, wait_out_switching: false });
    const file = join(folder, CONTROL_FILE);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ wait_out_switching: false });
    expect(await readSavedControl(folder)).toMatchObject({
      body: { wait_out_switching: false },
      config: { waitOutSwitching: false },
    });

    const { wait_out_switching: _, ...older } = ON;
    await writeFile(file, JSON.stringify(older), { mode: 0o600 });
    expect(await readSavedControl(folder)).toMatchObject({
      body: { ...ON, wait_out_switching: true },
      config: { waitOutSwitching: true },
    });

    await writeFile(file, JSON.stringify({ ...ON, wait_out_switching: 'no' }));
    await expect(readSavedControl(folder)).rejects.toThrow(
      `${file} cannot be used (wait_out_switching must be true or false); fix or remove it`,
    );
  });
});
