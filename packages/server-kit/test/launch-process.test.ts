import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchProcess, type LaunchedProcess } from '../src/launch-process';

// A tiny real server: says where it listens as our servers do, answers with what it was
// given (working folder, an environment variable), and shuts down gracefully on SIGTERM.
const SERVER = `
const { createServer } = require('node:http');
console.log('warming up');
const server = createServer((_req, res) => res.end(JSON.stringify({ cwd: process.cwd(), greeting: process.env.GREETING })));
server.listen(0, '127.0.0.1', () => {
  console.log('tiny server listening on http://127.0.0.1:' + server.address().port);
});
process.on('SIGTERM', () => {
  console.log('shutting down');
  server.close(() => process.exit(0));
});
`;

const started: LaunchedProcess[] = [];

async function launch(...options: Parameters<typeof launchProcess>): Promise<LaunchedProcess> {
  const launched = await launchProcess(...options);
  started.push(launched);
  return launched;
}

/** True once no process has the id (a killed child is reaped by Node shortly after). */
async function gone(pid: number): Promise<boolean> {
  for (let tries = 0; tries < 100; tries += 1) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  return false;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((launched) => launched.stop('SIGKILL')));
});

describe('launchProcess', () => {
  it('answers the URL the server printed once it listens, with the env and cwd it was given', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'opendtu-launch-'));
    try {
      const server = await launch({
        name: 'tiny server',
        args: ['-e', SERVER],
        cwd,
        env: { ...process.env, GREETING: 'hello' },
      });
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answer = (await (await fetch(server.url)).json()) as { cwd: string; greeting: string };
      expect(answer).toEqual({ cwd: await realpath(cwd), greeting: 'hello' });
      expect(server.output()).toContain('warming up');
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });

  it('stops the server with SIGTERM and waits until it has exited', async () => {
    const server = await launch({ name: 'tiny server', args: ['-e', SERVER] });
    await server.stop();
    // Exit code 0 is the server's own SIGTERM handler: a graceful shutdown, not a kill.
    expect(server.child.exitCode).toBe(0);
    await expect(fetch(server.url)).rejects.toThrow();
    await server.stop(); // a second stop is harmless
  });

  it('stops it with another signal when asked (a power cut)', async () => {
    const server = await launch({ name: 'tiny server', args: ['-e', SERVER] });
    await server.stop('SIGKILL');
    expect(server.child.signalCode).toBe('SIGKILL');
  });

  it('starts any command, not only Node.js scripts', async () => {
    const server = await launch({
      name: 'shell',
      command: '/bin/sh',
      args: ['-c', 'echo "shell listening on http://127.0.0.1:1" >&2; exec sleep 60'],
    });
    expect(server.url).toBe('http://127.0.0.1:1');
  });

  it('fails with what the process printed when it ends before listening', async () => {
    const start = launchProcess({
      name: 'broken server',
      args: ['-e', "console.error('port 80 is taken'); process.exit(3)"],
    });
    await expect(start).rejects.toThrow(/^broken server ended \(3\):\nport 80 is taken$/);
  });

  it('fails when the command cannot be started at all', async () => {
    const start = launchProcess({ name: 'missing', command: '/nonexistent/server', args: [] });
    await expect(start).rejects.toThrow(/^missing could not be started/);
  });

  it('kills a server that does not listen in time, and says so', async () => {
    const start = launchProcess({
      name: 'slow server',
      // The shell says its id at once and becomes the process that never listens.
      command: '/bin/sh',
      args: ['-c', 'echo "pid $$"; exec sleep 60'],
      startTimeoutMs: 1000,
    });
    const error = (await start.catch((failure: unknown) => failure)) as Error;
    expect(error.message).toMatch(/^slow server did not start within 1000 ms:\npid \d+$/);
    const pid = Number(/pid (\d+)/.exec(error.message)?.[1]);
    expect(await gone(pid)).toBe(true);
  });

  it('keeps only the latest output of a talkative process', async () => {
    const server = await launch({
      name: 'talkative server',
      args: ['-e', `console.log('x'.repeat(5000)); ${SERVER}`],
      keepOutputChars: 1000,
    });
    expect(server.output()).toHaveLength(1000);
    expect(server.output()).toContain('listening on');
  });
});
