// The independent Modbus clients the tests drive: Debian's mbpoll and a pymodbus script of
// ours (clients/sunspec_client.py), each started as its own process, and a bare TCP socket
// for the frames no client would send.
import { execFile } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

export const MBPOLL = '/usr/bin/mbpoll';
export const PYTHON = '/usr/bin/python3';
const CLIENT = fileURLToPath(new URL('./clients/sunspec_client.py', import.meta.url));

function run(program: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(program, args, { timeout: 20_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

export interface MbpollResult {
  code: number;
  /** The registers read, by address. */
  registers: Map<number, number>;
  /** What mbpoll said went wrong ("Illegal data address"), or ''. */
  failure: string;
  /** With `verbose`: the request's and the answer's bytes as mbpoll prints them. */
  stdout: string;
}

/** mbpoll against 127.0.0.1:`port`, addresses from 0 (PDU addressing), one poll. */
export async function mbpoll(
  port: number,
  unit: number,
  address: number,
  { count = 1, write, verbose = false }: { count?: number; write?: number[]; verbose?: boolean } = {},
): Promise<MbpollResult> {
  const args = ['-m', 'tcp', '-p', String(port), '-a', String(unit), '-0', '-r', String(address), '-1'];
  if (!write) args.push('-c', String(count));
  if (verbose) args.push('-v');
  args.push('127.0.0.1', ...(write ?? []).map(String));
  const { code, stdout, stderr } = await run(MBPOLL, args);
  const registers = new Map<number, number>();
  for (const [, at, value] of stdout.matchAll(/^\[(\d+)\]:\s+(-?\d+)/gm))
    registers.set(Number(at), Number(value));
  return { code, registers, failure: /failed: (.*)$/m.exec(stderr)?.[1] ?? '', stdout };
}

/** The pymodbus client: one action against 127.0.0.1:`port`, its JSON answer. */
export async function sunspec<T = Record<string, unknown>>(
  port: number,
  unit: number,
  action: string,
  ...args: (string | number)[]
): Promise<T> {
  const { stdout, stderr } = await run(PYTHON, [
    CLIENT,
    String(port),
    String(unit),
    action,
    ...args.map(String),
  ]);
  try {
    return JSON.parse(stdout) as T;
  } catch {
    throw new Error(`sunspec_client.py ${action}: ${stdout}${stderr}`);
  }
}

/** What a GX reads of a unit (sunspec_client.py gx). */
export interface GxWalk {
  start: number;
  chain: [number, number][];
  common: { Mn: string; Md: string; Opt: string; Vr: string; SN: string; DA: number };
  WRtg: number | null;
  WMaxLimPct_SF: number;
  controls: { WMaxLimPct: number; WMaxLimPct_RvrtTms: number; WMaxLim_Ena: number };
  strings: { IDStr: string; DCV: number | null; DCW: number | null }[];
  inverter: { model: number; W: number | null; WH: number | null; St: number | null; A: number | null };
  exception?: number;
}

/** A bare TCP connection; `closed` settles when the server closes it. */
export function rawSocket(
  port: number,
): Promise<{ socket: Socket; received: Buffer[]; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('data', (chunk) => received.push(chunk));
    socket.once('connect', () => resolve({ socket, received, closed }));
    socket.once('error', reject);
  });
}
