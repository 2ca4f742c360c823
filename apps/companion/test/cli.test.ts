import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWebapp } from '../src/config/cli';
import { ensureDataDir } from '../src/config/data-dir';
import { countAttempts, freePort, launchCompanion, tempDir, until } from './helpers';
import { options } from './parse-options';

const BIN = fileURLToPath(new URL('../bin/opendtu-companion.mjs', import.meta.url));

describe('command line', () => {
  it('serves the demo on every network of this machine by default', () => {
    expect(options([], {}, '/home/me')).toMatchObject({
      deviceUrl: undefined,
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/home/me/data',
      password: undefined,
      speed: 1,
      rawDays: 90,
      logLevel: 'info',
      verbose: false,
      demoArgs: [],
      restoreFile: undefined,
    });
  });

  it('takes the device as a URL or an address', () => {
    expect(options(['--device', '192.168.1.50']).deviceUrl?.href).toBe('http://192.168.1.50/');
    expect(options(['--device', 'http://dtu.local:8080/opendtu']).deviceUrl?.href).toBe(
      'http://dtu.local:8080/opendtu/',
    );
    expect(() => options(['--device', 'ftp://dtu'])).toThrow('--device must be an http:// or https:// URL');
    expect(() => options(['--device', 'http://'])).toThrow('--device must be a URL');
  });

  it('hands the virtual DTU its options, and refuses them with a real device', () => {
    const demo = options(['--inverters', '10', '--time', '2026-06-21T12:00', '--speed', '60']);
    expect(demo.demoArgs).toEqual(['--inverters', '10', '--time', '2026-06-21T12:00', '--speed', '60']);
    expect(demo.speed).toBe(60);
    expect(() => options(['--device', '10.0.0.2', '--inverters', '3'])).toThrow(
      '--inverters is an option of the virtual DTU: not with a device',
    );
  });

  it('needs --device where there is no virtual DTU (the installed server)', () => {
    expect(() => options([], {}, '/', false)).toThrow(/^--device is required/);
    expect(options([], { OPENDTU_DEVICE: '10.0.0.2' }, '/', false).deviceUrl?.href).toBe('http://10.0.0.2/');
  });

  it('takes every option from the environment too, the command line winning', () => {
    const env = {
      OPENDTU_DEVICE: '10.0.0.2',
      OPENDTU_PORT: '8081',
      OPENDTU_HOST: '127.0.0.1',
      OPENDTU_DATA: 'var/history',
      OPENDTU_PASSWORD: 'from-env',
      OPENDTU_INFLUX_URL: 'http://vm:8428/write',
      OPENDTU_INFLUX_TOKEN: 'tok',
      OPENDTU_RAW_DAYS: '30',
      OPENDTU_LOG_LEVEL: 'warn',
      OPENDTU_VERBOSE: 'yes',
    };
    expect(options([], env, '/srv')).toMatchObject({
      deviceUrl: new URL('http://10.0.0.2/'),
      port: 8081,
      host: '127.0.0.1',
      dataDir: '/srv/var/history',
      dataLabel: 'OPENDTU_DATA',
      password: 'from-env',
      influxUrl: new URL('http://vm:8428/write'),
      influxToken: 'tok',
      rawDays: 30,
      logLevel: 'warn',
      verbose: true,
    });
    const given = options(['--password', 'given', '--port', '9000', '--data', 'here'], env, '/srv');
    expect(given).toMatchObject({ password: 'given', port: 9000, dataDir: '/srv/here', dataLabel: '--data' });
    // An empty variable is no setting (an env file's `OPENDTU_PASSWORD=` line).
    expect(options(['--device', '10.0.0.2'], { OPENDTU_PASSWORD: '' }).password).toBeUndefined();
  });

  describe('with a config file', () => {
    let folder: string;
    beforeAll(async () => {
      folder = await tempDir('config');
    });
    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
    });
    const config = async (text: string): Promise<string> => {
      const file = join(folder, `companion-${Math.random().toString(36).slice(2)}.conf`);
      await writeFile(file, text);
      return file;
    };

    it('reads key = value lines, below the environment and the command line', async () => {
      const file = await config(
        [
          '# the plant in the garage',
          'device = http://192.168.1.50',
          '',
          'port = 8082',
          'data = history',
          'password = "a # and = inside"',
          'log-level = debug',
          'raw-days = 365',
          'verbose = on',
        ].join('\n'),
      );
      expect(options(['--config', file], {}, '/elsewhere')).toMatchObject({
        deviceUrl: new URL('http://192.168.1.50/'),
        port: 8082,
        // Relative to the file's folder, not to where the server was started.
        dataDir: join(folder, 'history'),
        password: 'a # and = inside',
        logLevel: 'debug',
        rawDays: 365,
        verbose: true,
      });
      expect(options([], { OPENDTU_CONFIG: file, OPENDTU_PORT: '8083' }).port).toBe(8083);
      expect(options(['--port', '8084'], { OPENDTU_CONFIG: file, OPENDTU_PORT: '8083' }).port).toBe(8084);
    });

    it('names the file and line of a wrong value, an unknown or a repeated key', async () => {
      const wrongPort = await config('device = 10.0.0.2\nport = 70000\n');
      expect(() => options(['--config', wrongPort])).toThrow(
        `port (${wrongPort} line 2) must be a whole number from 0 to 65535, got "70000"`,
      );
      const typo = await config('devcie = 10.0.0.2\n');
      expect(() => options(['--config', typo])).toThrow(`${typo} line 1: unknown key "devcie"`);
      const twice = await config('port = 1\nport = 2\n');
      expect(() => options(['--config', twice])).toThrow(`${twice} line 2: "port" is set twice`);
      expect(() => options(['--config', join(folder, 'none.conf')])).toThrow(
        `cannot read the config file ${join(folder, 'none.conf')} (ENOENT)`,
      );
    });
  });

  it('says which option is wrong and where it came from, in one line', () => {
    const wrong = (argv: string[], env: NodeJS.ProcessEnv = {}): string => {
      try {
        options(argv, env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('no error');
    };
    expect(wrong(['--port', '65536'])).toBe('--port must be a whole number from 0 to 65535, got "65536"');
    expect(wrong([], { OPENDTU_PORT: 'http' })).toBe(
      'OPENDTU_PORT must be a whole number from 0 to 65535, got "http"',
    );
    expect(wrong([], { OPENDTU_INFLUX_URL: 'mqtt://broker' })).toBe(
      'OPENDTU_INFLUX_URL must be an http:// or https:// URL, got "mqtt://broker"',
    );
    expect(wrong(['--log-level', 'loud'])).toBe(
      '--log-level must be one of error, warn, info, debug, got "loud"',
    );
    expect(wrong(['--raw-days', '0'])).toBe('--raw-days must be a whole number from 1 to 36500, got "0"');
    expect(wrong([], { OPENDTU_VERBOSE: 'maybe' })).toBe(
      'OPENDTU_VERBOSE must be true or false, got "maybe"',
    );
    expect(wrong(['--devcie', 'x'])).toBe('unknown option --devcie (see --help)');
    expect(wrong(['--port'])).toBe('--port needs a value (see --help)');
    expect(wrong(['--webapp', '/nowhere'])).toBe(
      '--webapp /nowhere holds no web app build (no index.html.gz)',
    );
    expect(wrong(['start'])).toBe('unknown command "start" (see --help)');
    for (const message of [wrong(['--port', '65536']), wrong(['--devcie', 'x'])])
      expect(message).not.toContain('\n');
  });

  it('reads the restore command with its backup file', () => {
    expect(options(['restore', 'backup.sqlite', '--data', 'd'], {}, '/srv', false)).toMatchObject({
      restoreFile: '/srv/backup.sqlite',
      dataDir: '/srv/d',
    });
    expect(() => options(['restore'])).toThrow('restore needs a FILE');
  });

  it('refuses a data folder it cannot write, naming the option', async () => {
    const folder = await tempDir('data');
    try {
      const file = join(folder, 'a-file');
      await writeFile(file, '');
      await expect(ensureDataDir(join(file, 'data'), 'OPENDTU_DATA')).rejects.toThrow(
        `OPENDTU_DATA ${join(file, 'data')} is not a folder this server can write (ENOTDIR)`,
      );
      await expect(ensureDataDir(join(folder, 'new', 'data'), '--data')).resolves.toBeUndefined();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
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
  it('stops before starting, with one line and exit code 2, on a wrong setting', () => {
    const run = (args: string[], env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
    const wrongPort = run(['--device', '10.0.0.2'], { OPENDTU_PORT: '99999' });
    expect(wrongPort.status).toBe(2);
    expect(wrongPort.stdout).toBe('');
    expect(wrongPort.stderr).toBe(
      'opendtu-companion: OPENDTU_PORT must be a whole number from 0 to 65535, got "99999"\n',
    );
    const unknown = run(['--device', '10.0.0.2', '--inverter', '3'], {});
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe('opendtu-companion: unknown option --inverter (see --help)\n');
  });

  it('restores a backup into the data folder, and refuses a file that is not there', async () => {
    const dataDir = await tempDir('restore');
    const backup = fileURLToPath(new URL('./fixtures/history-v1.sqlite', import.meta.url));
    try {
      const run = (file: string) =>
        spawnSync(process.execPath, [BIN, 'restore', file, '--data', dataDir], { encoding: 'utf8' });
      const missing = run(join(dataDir, 'none.sqlite'));
      expect(missing.status).toBe(1);
      expect(missing.stderr).toBe(`error: ${join(dataDir, 'none.sqlite')} does not exist\n`);
      const restored = run(backup);
      expect(restored.status).toBe(0);
      expect(restored.stdout).toBe(`Restored ${backup} as ${join(dataDir, 'history.sqlite')}\n`);
      expect(existsSync(join(dataDir, 'history.sqlite'))).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('prints where to open it, says once that the device does not answer, keeps serving, never logs a secret', async () => {
    const dataDir = await tempDir('cli');
    const closedPort = await freePort();
    const folder = await tempDir('cli-config');
    const configFile = join(folder, 'companion.conf');
    await writeFile(configFile, 'influx-token = Token-From-File-0815\n');
    const companion = await launchCompanion(
      [
        '--device',
        `http://127.0.0.1:${closedPort}`,
        '--data',
        dataDir,
        '--host',
        '0.0.0.0',
        '--influx-url',
        `http://127.0.0.1:${closedPort}/write?db=solar&u=me&p=Influx-Pw-1234`,
        '--config',
        configFile,
        '--verbose',
      ],
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
      const complaints = (what: string) =>
        companion
          .output()
          .split('\n')
          .filter((line) => line.includes(what));
      // Said once, while it keeps trying: twice more, seen on the device's port (each cut).
      await until(() => complaints('does not answer').length > 0, 10_000, 'the complaint');
      const devicePort = await countAttempts(closedPort);
      try {
        await until(() => devicePort.count('GET /livedata') >= 2, 20_000, 'two more tries');
      } finally {
        await devicePort.close();
      }
      // A request with the password in its query: the request log must not show it.
      expect((await fetch(`${companion.url}/?p=Secret-Pw-4711`)).status).toBe(200);
      // Not a TTY: the level as a word, no colour codes.
      expect(complaints('does not answer')).toEqual([
        `warn: The device at http://127.0.0.1:${closedPort} does not answer (ECONNREFUSED); retrying`,
      ]);
      expect(companion.output()).not.toContain('\x1b[');
      // The request was logged (--verbose), with the password replaced. The log line is
      // written after the answer, so it is awaited, not expected at once.
      await until(() => companion.output().includes('"url":"/?p='), 10_000, 'the request log line');
      expect(companion.output()).toContain('"url":"/?p=***"');
      for (const secret of ['Secret-Pw-4711', 'Influx-Pw-1234', 'Token-From-File-0815'])
        expect(companion.output()).not.toContain(secret);
    } finally {
      await companion.stop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(folder, { recursive: true, force: true });
    }
  });
});
