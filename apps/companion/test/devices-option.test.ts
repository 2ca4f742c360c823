import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCli, type CompanionOptions } from '../src/config/cli';
import { DEFAULT_DEVICE_NAME, parseDevices, type DeviceEntry } from '../src/config/devices';
import type { Origin, Setting } from '../src/config/options';
import { tempDir } from './helpers';
import { options as parseOptions } from './parse-options';

const FLAG: Origin = { kind: 'flag' };
const ENV: Origin = { kind: 'env' };

/** A setting as the command line makes it: each occurrence kept, joined by spaces. */
const flags = (...parts: string[]): Setting => ({ value: parts.join(' '), origin: FLAG, parts });
const env = (value: string): Setting => ({ value, origin: ENV });

/** What a reader of the entries sees: names, URLs as text, passwords. */
const plain = (devices: DeviceEntry[]) =>
  devices.map(({ name, url, password }) => ({ name, url: url.href, password }));

describe('the devices option', () => {
  it('takes one device without a name as before, under the default name', () => {
    expect(plain(parseDevices(flags('192.168.1.50'), undefined))).toEqual([
      { name: DEFAULT_DEVICE_NAME, url: 'http://192.168.1.50/', password: undefined },
    ]);
    expect(parseDevices(undefined, flags('pw'))).toEqual([]);
  });

  it('takes named devices repeated, or apart by spaces in the environment and the file', () => {
    const expected = [
      { name: 'garage', url: 'http://192.168.1.50/', password: undefined },
      { name: 'house-2', url: 'https://dtu.local:8443/opendtu/', password: undefined },
    ];
    expect(
      plain(
        parseDevices(
          flags('garage=http://192.168.1.50', 'house-2=https://dtu.local:8443/opendtu'),
          undefined,
        ),
      ),
    ).toEqual(expected);
    expect(
      plain(parseDevices(env('  garage=192.168.1.50   house-2=https://dtu.local:8443/opendtu '), undefined)),
    ).toEqual(expected);
    const file: Origin = { kind: 'file', file: '/etc/c.conf', line: 4 };
    expect(
      plain(
        parseDevices(
          { value: 'garage=192.168.1.50 house-2=https://dtu.local:8443/opendtu', origin: file },
          undefined,
        ),
      ),
    ).toEqual(expected);
    // One device may have a name too.
    expect(parseDevices(flags('garage=http://192.168.1.50'), undefined).map((d) => d.name)).toEqual([
      'garage',
    ]);
  });

  it('keeps a = inside a URL without a name', () => {
    expect(plain(parseDevices(flags('http://192.168.1.50/?x=1'), undefined))[0]).toMatchObject({
      name: DEFAULT_DEVICE_NAME,
      url: 'http://192.168.1.50/',
    });
  });

  it('refuses names that are not URL-safe and short, saying what is allowed', () => {
    const rule =
      'use lower-case letters, digits and -, starting with a letter or digit, at most 32 characters';
    expect(() => parseDevices(flags('Garage=http://192.168.1.50'), undefined)).toThrow(
      `--device: "Garage" is not a device name (Garage=http://192.168.1.50); ${rule}`,
    );
    expect(() => parseDevices(env('garage=10.0.0.1 -house=10.0.0.2'), undefined)).toThrow(
      `OPENDTU_DEVICE: "-house" is not a device name`,
    );
    expect(() => parseDevices(env(`${'a'.repeat(33)}=10.0.0.2`), undefined)).toThrow('is not a device name');
    expect(() => parseDevices(env('gar_age=10.0.0.2'), undefined)).toThrow('is not a device name');
    expect(() => parseDevices(env('=10.0.0.2'), undefined)).toThrow(
      'OPENDTU_DEVICE: "" is not a device name',
    );
    expect(parseDevices(env(`${'a'.repeat(32)}=10.0.0.2`), undefined)).toHaveLength(1);
    expect(() => parseDevices(flags('garage='), undefined)).toThrow(
      "--device: garage= needs the device's URL",
    );
  });

  it('refuses a name twice, a device without a name among several, the same URL twice', () => {
    expect(() => parseDevices(flags('garage=10.0.0.1', 'garage=10.0.0.2'), undefined)).toThrow(
      '--device: the name garage is given to two devices; each needs its own',
    );
    expect(() => parseDevices(flags('garage=10.0.0.1', 'http://10.0.0.2'), undefined)).toThrow(
      '--device: http://10.0.0.2 has no name; with several devices each needs one, as name=url',
    );
    expect(() => parseDevices(env('10.0.0.1 10.0.0.2'), undefined)).toThrow(
      'OPENDTU_DEVICE: 10.0.0.1 has no name',
    );
    expect(() => parseDevices(flags('garage=10.0.0.1', 'house=http://10.0.0.1/'), undefined)).toThrow(
      '--device: garage and house are the same device (http://10.0.0.1/); give each device once',
    );
    expect(() => parseDevices(env(' '), undefined)).toThrow('OPENDTU_DEVICE is empty');
    expect(() => parseDevices(flags('garage=ftp://x'), undefined)).toThrow(
      '--device garage must be an http:// or https:// URL, got "ftp://x"',
    );
  });
});

describe('the password option', () => {
  const two = flags('garage=10.0.0.1', 'house=10.0.0.2');
  const passwords = (device: Setting, password: Setting) =>
    parseDevices(device, password).map((entry) => entry.password);

  it('with one device without a name, is the value whole, = and spaces and all', () => {
    expect(passwords(flags('10.0.0.1'), env('a # and = inside'))).toEqual(['a # and = inside']);
    // Even when it looks like the default name's entry: nothing changes for one device.
    expect(passwords(flags('10.0.0.1'), flags(`${DEFAULT_DEVICE_NAME}=x`))).toEqual([
      `${DEFAULT_DEVICE_NAME}=x`,
    ]);
    // Given twice, the last counts, as before it was a list.
    expect(passwords(flags('10.0.0.1'), flags('first', 'second pw'))).toEqual(['second pw']);
  });

  it('alone is every named device’s; name=pw is one device’s, over it', () => {
    expect(passwords(two, flags('my secret'))).toEqual(['my secret', 'my secret']);
    expect(passwords(two, flags('garage=g pw', 'house=h'))).toEqual(['g pw', 'h']);
    // The password for all in any place on the command line; one device's where they differ.
    expect(passwords(two, flags('house=h=1', 'both of them'))).toEqual(['both of them', 'h=1']);
    // In the environment: entries apart by spaces, the one for all first.
    expect(passwords(two, env('both of them house=h x'))).toEqual(['both of them', 'h x']);
    expect(passwords(two, env('garage=g'))).toEqual(['g', undefined]);
    expect(passwords(flags('garage=10.0.0.1'), flags('garage=g'))).toEqual(['g']);
  });

  it('refuses a name that is no device, without printing the password', () => {
    const error = (() => {
      try {
        parseDevices(two, env('hunter2=secret'));
      } catch (thrown) {
        return (thrown as Error).message;
      }
      return 'no error';
    })();
    expect(error).toBe(
      "OPENDTU_PASSWORD: a password is given for a device that does not exist (the devices are garage, house); name=password is one device's, a password alone every device's",
    );
    expect(error).not.toContain('hunter2');
    expect(() => parseDevices(two, flags('garage=g', 'Garage=h'))).toThrow(
      '--password: a password is given for a device that does not exist',
    );
    // A password for all that begins like an entry is given to each device by name.
    expect(passwords(two, flags('garage=abc=def', 'house=abc=def'))).toEqual(['abc=def', 'abc=def']);
  });

  it('refuses a password given twice for a device, or for all, or an empty one', () => {
    expect(() => parseDevices(two, flags('garage=a', 'garage=b'))).toThrow(
      '--password: the password of garage is given twice',
    );
    expect(() => parseDevices(two, flags('one', 'two'))).toThrow(
      '--password: the password for every device is given twice',
    );
    expect(() => parseDevices(two, env('house='))).toThrow(
      'OPENDTU_PASSWORD: house= needs the password after the =',
    );
  });
});

/** Parses as the server would (the installed server: no demo) and expects options. */
const options = (argv: string[], environment: NodeJS.ProcessEnv = {}) =>
  parseOptions(argv, environment, '/', false);

describe('the start with devices', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await tempDir('devices-config');
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('serves one device as before, named or not', () => {
    expect(options(['--device', '10.0.0.2', '--password', 'dtu=x y'])).toMatchObject({
      deviceUrl: new URL('http://10.0.0.2/'),
      password: 'dtu=x y',
    });
    expect(options(['--device', 'garage=10.0.0.2', '--password', 'garage=g'])).toMatchObject({
      deviceUrl: new URL('http://10.0.0.2/'),
      password: 'g',
    });
  });

  it('takes several devices, each with its password, from any source', async () => {
    expect(options(['--device', 'garage=10.0.0.1', '--device', 'house=10.0.0.2']).devices).toEqual([
      { name: 'garage', url: new URL('http://10.0.0.1/') },
      { name: 'house', url: new URL('http://10.0.0.2/') },
    ]);
    expect(() =>
      options([], { OPENDTU_DEVICE: 'garage=10.0.0.1 house=10.0.0.2', OPENDTU_PASSWORD: 'garage=g hose=h' }),
    ).toThrow('OPENDTU_PASSWORD: a password is given for a device that does not exist');
    expect(() => options(['--device', 'garage=10.0.0.1', '--device', 'House=10.0.0.2'])).toThrow(
      '--device: "House" is not a device name',
    );
    const file = join(folder, 'companion.conf');
    await writeFile(file, 'port = 8090\ndevice = garage=10.0.0.1 house=10.0.0.2\npassword = house=h\n');
    expect(options(['--config', file]).devices).toEqual([
      { name: 'garage', url: new URL('http://10.0.0.1/') },
      { name: 'house', url: new URL('http://10.0.0.2/'), password: 'h' },
    ]);
  });

  it('leaves zero export and schedules to each device’s app when there are several', () => {
    expect(() =>
      options([
        '--device',
        'garage=10.0.0.1',
        '--device',
        'house=10.0.0.2',
        '--control-meter',
        'shelly-3em:http://10.0.0.9',
      ]),
    ).toThrow(
      /^--control-meter is for one device: with several, set zero export and schedules in each device's app/,
    );
  });

  it('takes --plant in the demo only', () => {
    const demo = (argv: string[]) => parseCli(argv, { cwd: '/', env: {}, demo: true }) as CompanionOptions;
    expect(demo(['--plant']).demoPlant).toBe(true);
    expect(demo([]).demoPlant).toBe(false);
    expect(() => options(['--plant', '--device', '10.0.0.2'])).toThrow(
      "--plant is the demo's plant of virtual DTUs: not with a device",
    );
  });
});
