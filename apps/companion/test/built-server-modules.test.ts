// The server as installed (build/server-build.mjs) loads the code of a feature only once it
// is configured: mqtt.js, nodemailer and the Modbus server are chunks of their own, and
// undici (the proxy's default engine, which brings Node's own copy with it) not at all.
// Each is megabytes of memory on a Raspberry Pi (docs/internals/benchmarks.md#companion-memory).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchProcess, type LaunchedProcess } from '@opendtu/server-kit/launch-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  NODE_COMMAND,
  NODE_ENVIRONMENT,
  NODE_FLAGS,
  ON_FIRST_USE,
} from '../build/server-build.mjs';
import {
  ADMIN_AUTH,
  FIXTURE_WEBAPP,
  freePort,
  freshDir,
  JUNE_NOON,
  startDevice,
  until,
  wait,
  type TestDevice,
} from './helpers';

// Below the checkout's node_modules, so the server's npm imports resolve as when installed.
const OUT = fileURLToPath(
  new URL('../../../node_modules/.cache/opendtu-companion-modules/', import.meta.url),
);
const SERVER = join(OUT, 'lib', 'server.mjs');
const REPORT_HOOK = fileURLToPath(new URL('./fixtures/module-report.mjs', import.meta.url));

/** Which chunk holds which package, by a text only that package has (the build minifies names). */
const CHUNK_OF = {
  mqtt: 'MqttClient :: ',
  nodemailer: 'https://nodemailer.com',
  modbus: '"modbus-serial"',
};
type Feature = keyof typeof CHUNK_OF;

interface Report {
  features: Feature[];
  builtins: string[];
}

let chunks: Record<string, Feature>;

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'package.json'), JSON.stringify({ name: 'opendtu-companion', version: '0.0.0' }));
  await buildServer(join(OUT, 'lib'));
  chunks = {};
  for (const file of readdirSync(join(OUT, 'lib', 'chunks')).filter((name) => name.endsWith('.mjs'))) {
    const text = readFileSync(join(OUT, 'lib', 'chunks', file), 'utf8');
    for (const [feature, mark] of Object.entries(CHUNK_OF))
      if (text.includes(mark)) chunks[file] = feature as Feature;
  }
}, 120_000);

let device: TestDevice;
beforeAll(async () => {
  device = await startDevice(JUNE_NOON);
});

afterAll(async () => {
  await device?.remove();
  rmSync(OUT, { recursive: true, force: true });
});

const dataDir = freshDir('modules');

/** The built server as installed, in front of the virtual DTU (or the device at `deviceUrl`). */
async function start(args: string[], report: string, deviceUrl = device.url.href): Promise<LaunchedProcess> {
  return launchProcess({
    name: 'companion',
    args: [
      ...NODE_FLAGS,
      '--import',
      REPORT_HOOK,
      SERVER,
      ...['--port', '0', '--host', '127.0.0.1', '--webapp', FIXTURE_WEBAPP, '--data', dataDir()],
      ...['--device', deviceUrl],
      ...args,
    ],
    env: { ...process.env, ...NODE_ENVIRONMENT, MODULE_REPORT: report },
  });
}

async function reportOf(companion: LaunchedProcess, file: string): Promise<Report> {
  companion.child.kill('SIGUSR2');
  let text = '';
  await until(
    () => {
      try {
        text = readFileSync(file, 'utf8');
        return true;
      } catch {
        return false;
      }
    },
    10_000,
    'the module report',
  );
  const { files, builtins } = JSON.parse(text) as { files: string[]; builtins: string[] };
  const features = files.map((url) => chunks[url.split('/').pop()!]).filter((f): f is Feature => !!f);
  return { features: [...new Set(features)].sort(), builtins };
}

describe('node flags', () => {
  it("npm start runs the server from the checkout with the installed file's node flags and environment", () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      scripts: { start: string };
    };
    expect(manifest.scripts.start).toBe(`${NODE_COMMAND} --import tsx src/server.ts`);
    expect(readFileSync(SERVER, 'utf8').split('\n')[0]).toBe(`#!/usr/bin/env -S ${NODE_COMMAND}`);
  });

  it('the installed file run as a program is node with those flags and that environment', async () => {
    const companion = await launchProcess({
      name: 'companion',
      command: SERVER,
      args: [
        ...['--port', '0', '--host', '127.0.0.1', '--webapp', FIXTURE_WEBAPP, '--data', dataDir()],
        ...['--device', device.url.href],
      ],
      // Not inherited from this run: the first line has to give it.
      env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !(name in NODE_ENVIRONMENT))),
    });
    try {
      const pid = companion.child.pid!;
      const words = (file: string): string[] => readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0');
      expect(words('cmdline').slice(1, 1 + NODE_FLAGS.length)).toEqual(NODE_FLAGS);
      for (const [name, value] of Object.entries(NODE_ENVIRONMENT))
        expect(words('environ')).toContain(`${name}=${value}`);
    } finally {
      await companion.stop();
    }
  });
});

describe('the built server', () => {
  it('has a chunk of its own for each feature', () => {
    expect(Object.values(chunks).sort()).toEqual(['modbus', 'mqtt', 'nodemailer']);
  });

  it('loads no feature that is not configured, and no undici, while it serves', async () => {
    const report = join(dataDir(), 'report.json');
    const companion = await start([], report);
    try {
      const answer = await fetch(`${companion.url}/api/system/status`, {
        headers: { authorization: ADMIN_AUTH },
      });
      // Through the /api proxy.
      expect(answer.status).toBe(200);
      const { features, builtins } = await reportOf(companion, report);
      expect(features).toEqual([]);
      expect(builtins).not.toContain('internal/deps/undici/undici');
      // Fastify, ws and the proxy, compiled in, load these only for what this server does not do.
      for (const unused of ON_FIRST_USE) expect(builtins).not.toContain(unused);
    } finally {
      await companion.stop();
    }
  });

  it('loads https and tls for a device reached over https', async () => {
    const report = join(dataDir(), 'report.json');
    // Nobody listens there: the proxy's answer says the device did not answer over https.
    const origin = `https://127.0.0.1:${await freePort()}`;
    const companion = await start([], report, origin);
    try {
      const answer = await fetch(`${companion.url}/api/system/status`, {
        headers: { authorization: ADMIN_AUTH },
      });
      expect(answer.status).toBe(502);
      expect(((await answer.json()) as { message: string }).message).toBe(
        `The device at ${origin} does not answer (ECONNREFUSED)`,
      );
      const { builtins } = await reportOf(companion, report);
      expect(builtins).toEqual(expect.arrayContaining(['https', 'tls']));
    } finally {
      await companion.stop();
    }
  });

  it('loads MQTT, e-mail and Modbus once they are configured and used', async () => {
    const report = join(dataDir(), 'report.json');
    const companion = await start(
      [
        ...['--alert-url', 'mqtt://127.0.0.1:9/opendtu-alerts'],
        ...['--alert-url', 'smtp://me%40example.org:secret@127.0.0.1:9?to=owner@example.org'],
        ...['--modbus', `127.0.0.1:${await freePort()}`],
      ],
      report,
    );
    try {
      const answer = await fetch(`${companion.url}/companion/api/alerts/test`, {
        method: 'POST',
        headers: { authorization: ADMIN_AUTH, 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(answer.status).toBe(200);
      await wait(200);
      expect((await reportOf(companion, report)).features).toEqual(['modbus', 'mqtt', 'nodemailer']);
    } finally {
      await companion.stop();
    }
  });
});
