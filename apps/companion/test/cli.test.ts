import { mkdir, rm, writeFile } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultWebapp, parseCli } from '../src/cli';
import { freePort, launchCompanion, tempDir, until, wait } from './helpers';

describe('command line', () => {
  it('serves the demo on every network of this machine by default', () => {
    expect(parseCli([], '/home/me', {})).toMatchObject({
      deviceUrl: undefined,
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/home/me/data',
      password: undefined,
      speed: 1,
      demoArgs: [],
    });
  });

  it('takes the device as a URL or an address', () => {
    const withAddress = parseCli(['--device', '192.168.1.50'], '/', {});
    expect(withAddress !== 'help' && withAddress.deviceUrl?.href).toBe('http://192.168.1.50/');
    const withUrl = parseCli(['--device', 'http://dtu.local:8080/opendtu'], '/', {});
    expect(withUrl !== 'help' && withUrl.deviceUrl?.href).toBe('http://dtu.local:8080/opendtu/');
    expect(() => parseCli(['--device', 'ftp://dtu'], '/', {})).toThrow(
      '--device must be an http:// or https:// URL',
    );
    expect(() => parseCli(['--device', 'http://'], '/', {})).toThrow('--device must be a URL');
  });

  it('hands the virtual DTU its options, and refuses them with a real device', () => {
    const demo = parseCli(['--inverters', '10', '--time', '2026-06-21T12:00', '--speed', '60'], '/', {});
    expect(demo !== 'help' && demo.demoArgs).toEqual([
      '--inverters',
      '10',
      '--time',
      '2026-06-21T12:00',
      '--speed',
      '60',
    ]);
    expect(demo !== 'help' && demo.speed).toBe(60);
    expect(() => parseCli(['--device', '10.0.0.2', '--inverters', '3'], '/', {})).toThrow(
      '--inverters is an option of the virtual DTU: not with --device',
    );
  });

  it('takes the password from --password or OPENDTU_PASSWORD', () => {
    const fromEnv = parseCli(['--device', '10.0.0.2'], '/', { OPENDTU_PASSWORD: 'from-env' });
    expect(fromEnv !== 'help' && fromEnv.password).toBe('from-env');
    const given = parseCli(['--device', '10.0.0.2', '--password', 'given'], '/', {
      OPENDTU_PASSWORD: 'from-env',
    });
    expect(given !== 'help' && given.password).toBe('given');
  });

  it('serves the companion build when there is one, else the device bundle', async () => {
    const web = await tempDir('web');
    try {
      expect(defaultWebapp(web)).toBe(join(web, 'dist'));
      await mkdir(join(web, 'dist-companion'));
      await writeFile(join(web, 'dist-companion', 'index.html.gz'), '');
      expect(defaultWebapp(web)).toBe(join(web, 'dist-companion'));
    } finally {
      await rm(web, { recursive: true, force: true });
    }
  });
});

describe('the process', () => {
  it('prints where to open it, says once that the device does not answer, keeps serving, never logs the password', async () => {
    const dataDir = await tempDir('cli');
    const closedPort = await freePort();
    const companion = await launchCompanion(
      ['--device', `http://127.0.0.1:${closedPort}`, '--data', dataDir, '--host', '0.0.0.0'],
      { ...process.env, OPENDTU_PASSWORD: 'Secret-Pw-4711' },
    );
    try {
      await until(() => companion.output().includes('History in'));
      const port = new URL(companion.url).port;
      expect(companion.url).toBe(`http://localhost:${port}`);
      const lan = Object.values(networkInterfaces())
        .flat()
        .filter((address) => address?.family === 'IPv4' && !address.internal)
        .map((address) => `  on your network: http://${address!.address}:${port}`);
      for (const line of lan) expect(companion.output()).toContain(line);
      await wait(6000);
      expect((await fetch(`${companion.url}/`)).status).toBe(200);
      const complaints = companion
        .output()
        .split('\n')
        .filter((line) => line.includes('does not answer'));
      expect(complaints).toEqual([
        `The device at http://127.0.0.1:${closedPort} does not answer (ECONNREFUSED); retrying`,
      ]);
      expect(companion.output()).not.toContain('Secret-Pw-4711');
    } finally {
      await companion.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
