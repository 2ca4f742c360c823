// The companion's SunSpec Modbus server under the load of a few energy managers: five
// clients each reading an inverter model's 52 registers once a second (a Victron GX's poll),
// for ten minutes (shorter with --modbus-minutes), each answer timed; the companion's CPU and
// memory beside the same run without --modbus. In front of the bench's installation (10
// inverters, each polled every second by its virtual DTU), so the frames it serves change.
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { launchCompanion } from '../../apps/companion/src/launch';
import { freePort } from '../../e2e/support/free-port';
import { INSTALLATION, log } from '../lib/bundles';
import { setPollInterval } from '../lib/device';
import { startEmulator } from '../lib/emulator';
import { percentile } from '../lib/stats';
import { fmt, type Row } from '../lib/table';
import { procStat } from '../lib/proc-stat';

export const MODBUS_LOAD = { clients: 5, registers: 52, everyMs: 1000, minutes: 10 };
/** The inverter model's header: models 101 and 103 start there in every unit. */
const INVERTER_MODEL = 40070;
/** An answer later than this counts as an error (a GX gives up after 5 s). */
const TIMEOUT_MS = 5000;
/** The companion's CPU and memory are read this often. */
const SAMPLE_MS = 10_000;
const WARMUP_MS = 15_000;

interface ServerRun {
  cpuPercent: number;
  rssMb: number[];
}

export interface ModbusFigures {
  latenciesMs: number[];
  errors: number;
  withModbus: ServerRun;
  without: ServerRun;
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** One client: a read of the inverter model at `unit` every second, paced from its start. */
async function client(port: number, unit: number, until: number, figures: ModbusFigures): Promise<void> {
  let socket: Socket | undefined;
  let transaction = 0;
  const request = Buffer.from([0, 0, 0, 0, 0, 6, unit, 3, INVERTER_MODEL >> 8, INVERTER_MODEL & 0xff, 0, 52]);
  const start = performance.now();
  for (let tick = 0; performance.now() < until; tick += 1) {
    await wait(Math.max(0, start + tick * MODBUS_LOAD.everyMs - performance.now()));
    socket ??= await new Promise<Socket>((resolve, reject) => {
      const opened = connect(port, '127.0.0.1', () => resolve(opened));
      opened.once('error', reject);
    }).catch(() => undefined);
    if (!socket) {
      figures.errors += 1;
      continue;
    }
    transaction = (transaction + 1) & 0xffff;
    request.writeUInt16BE(transaction, 0);
    const sent = performance.now();
    const answer = await new Promise<Buffer | undefined>((resolve) => {
      let received = Buffer.alloc(0);
      const done = (value: Buffer | undefined) => {
        clearTimeout(timer);
        socket!.off('data', data);
        socket!.off('close', closed);
        resolve(value);
      };
      const data = (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        if (received.length >= 6 && received.length >= 6 + received.readUInt16BE(4)) done(received);
      };
      const closed = () => done(undefined);
      const timer = setTimeout(() => done(undefined), TIMEOUT_MS);
      socket!.on('data', data);
      socket!.once('close', closed);
      socket!.write(request);
    });
    const ok =
      answer && answer.readUInt16BE(0) === transaction && answer[7] === 3 && answer.length === 9 + 104;
    if (ok) figures.latenciesMs.push(performance.now() - sent);
    else {
      figures.errors += 1;
      socket.destroy();
      socket = undefined;
    }
  }
  socket?.destroy();
}

/** The companion in front of the installation for `minutes`, with or without Modbus and its clients. */
async function serverRun(minutes: number, modbus: boolean, figures: ModbusFigures): Promise<ServerRun> {
  const emulator = await startEmulator({ ...INSTALLATION });
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-bench-modbus-'));
  try {
    await setPollInterval(emulator.url, 1);
    const port = await freePort();
    const companion = await launchCompanion({
      args: [
        ...['--device', emulator.url, '--data', dataDir],
        ...(modbus ? ['--modbus', `127.0.0.1:${port}`] : []),
      ],
      startTimeoutMs: 90_000,
    });
    try {
      const pid = companion.child.pid!;
      await wait(WARMUP_MS);
      const until = performance.now() + minutes * 60_000;
      // Units 126 (the plant) and 1 to 4: the plant's sums and single inverters alike.
      const clients = modbus
        ? Array.from({ length: MODBUS_LOAD.clients }, (_, index) =>
            client(port, index === 0 ? 126 : index, until, figures),
          )
        : [];
      const first = await procStat(pid);
      const firstAt = performance.now();
      const rssMb: number[] = [];
      while (performance.now() < until) {
        await wait(Math.min(SAMPLE_MS, until - performance.now()));
        rssMb.push((await procStat(pid)).rssBytes / 2 ** 20);
      }
      await Promise.all(clients);
      const last = await procStat(pid);
      const seconds = (performance.now() - firstAt) / 1000;
      return { cpuPercent: ((last.cpuMs - first.cpuMs) / 1000 / seconds) * 100, rssMb };
    } finally {
      await companion.stop();
    }
  } finally {
    await emulator.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureModbus(minutes: number): Promise<ModbusFigures> {
  const figures: ModbusFigures = {
    latenciesMs: [],
    errors: 0,
    withModbus: { cpuPercent: 0, rssMb: [] },
    without: { cpuPercent: 0, rssMb: [] },
  };
  log(`Modbus: ${MODBUS_LOAD.clients} clients for ${minutes} min, then the same run without Modbus`);
  figures.withModbus = await serverRun(minutes, true, figures);
  figures.without = await serverRun(minutes, false, figures);
  return figures;
}

export async function modbusRows(minutes: number): Promise<Row[]> {
  const f = await measureModbus(minutes);
  const load = `${MODBUS_LOAD.clients} clients × ${MODBUS_LOAD.registers} registers every ${MODBUS_LOAD.everyMs / 1000} s, ${minutes} min`;
  const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0);
  return [
    {
      name: 'Modbus: answer time, median (ms)',
      ours: percentile(f.latenciesMs, 50),
      format: fmt.ms,
      note: `${load}, ${f.latenciesMs.length.toLocaleString('en-US')} answers`,
    },
    {
      name: 'Modbus: answer time, 99th percentile (ms)',
      ours: percentile(f.latenciesMs, 99),
      format: fmt.ms,
      note: 'goal: under 20 ms',
    },
    { name: 'Modbus: slowest answer (ms)', ours: max(f.latenciesMs), format: fmt.ms },
    {
      name: 'Modbus: errors (exceptions, timeouts, closed connections)',
      ours: f.errors,
      format: fmt.count,
      note: 'goal: 0',
    },
    {
      name: 'Modbus: companion CPU with the clients (% of a core)',
      ours: f.withModbus.cpuPercent,
      format: fmt.perSecond,
      note: `without --modbus: ${fmt.perSecond(f.without.cpuPercent)} %`,
    },
    {
      name: 'Modbus: companion memory (RSS) with the clients (MB)',
      ours: f.withModbus.rssMb.map((mb) => mb * 2 ** 20),
      format: fmt.mb,
      note: `without --modbus: ${fmt.mb(percentile(f.without.rssMb, 50) * 2 ** 20)} (median of samples every ${SAMPLE_MS / 1000} s)`,
    },
  ];
}
