/**
 * The Modbus TCP server on the network: modbus-serial's TCP server (docs/features/modbus.md
 * says why this library), loaded only when `--modbus` is given, answering reads and writes
 * per unit id from a RegisterSource. In front of it, per connection, the frame guard
 * (frame-guard.ts): the library is handed whole, well-formed requests only; a malformed or
 * oversized frame closes that connection alone. Connections are capped, and one on which
 * nothing arrives for `idleMs` is closed, so a client that vanished frees its place.
 */
import type { Server, Socket } from 'node:net';
import type { LogLine } from '../log';
import { cutFrames } from './frame-guard';

/** A refusal with its Modbus exception code (the library answers it as the exception). */
export class ModbusException extends Error {
  constructor(
    readonly modbusErrorCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** What answers the requests: registers by unit id and address; throws ModbusException. */
export interface RegisterSource {
  read(unit: number, address: number, count: number): number[];
  /** Answered once judged (a limit taken, not yet acknowledged by the inverter). */
  write(unit: number, address: number, values: readonly number[]): Promise<void>;
}

export interface TcpServerOptions {
  host: string;
  port: number;
  /** Connections at once; more are closed as they come. */
  maxClients: number;
  /** Real ms a connection may stay silent. */
  idleMs: number;
  log: LogLine;
}

export interface RunningTcpServer {
  /** Where it listens (the port the system gave for port 0). */
  port: number;
  clients(): number;
  close(): Promise<void>;
}

/** At most one line a minute for what a client may repeat endlessly (a scanner, a wrong setting). */
function throttled(log: LogLine): (line: string) => void {
  let quietUntil = 0;
  let held = 0;
  return (line) => {
    const now = performance.now();
    if (now < quietUntil) {
      held += 1;
      return;
    }
    log(held ? `${line} (and ${held} more like it in the last minute)` : line, 'warn');
    held = 0;
    quietUntil = now + 60_000;
  };
}

export async function startTcpServer(
  source: RegisterSource,
  options: TcpServerOptions,
): Promise<RunningTcpServer> {
  const { default: ServerTCP } = await import('modbus-serial/servers/servertcp');
  const failure = (error: unknown): ModbusException => {
    if (error instanceof ModbusException) return error;
    options.log(`Modbus: a request failed: ${(error as Error).message}`, 'error');
    return new ModbusException(4, 'server failure');
  };
  const guarded = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      throw failure(error);
    }
  };
  const guardedWrite = (work: () => Promise<void>): Promise<void> =>
    work().catch((error: unknown) => {
      throw failure(error);
    });
  // The library calls a function without a callback parameter for its answer as the return
  // value, a promise (the writes) or a thrown error; a read must answer at once.
  const modbus = new ServerTCP(
    {
      getMultipleHoldingRegisters: (address: number, length: number, unit: number) =>
        guarded(() => source.read(unit, address, length)),
      getHoldingRegister: (address: number, unit: number) => guarded(() => source.read(unit, address, 1)[0]!),
      setRegister: (address: number, value: number, unit: number) =>
        guardedWrite(() => source.write(unit, address, [value])),
      setRegisterArray: (address: number, values: number[], unit: number) =>
        guardedWrite(() => source.write(unit, address, values)),
    },
    { host: options.host, port: options.port },
  );
  // The library makes its net.Server itself; the cap, the guard and the idle timeout need it.
  const server = (modbus as unknown as { _server?: Server })._server;
  if (!server) throw new Error('modbus-serial has no TCP server where this version expects it');
  server.maxConnections = options.maxClients;
  const refusedLog = throttled(options.log);
  const malformedLog = throttled(options.log);
  server.on('drop', (data) =>
    refusedLog(
      `Modbus: refused a client from ${data?.remoteAddress ?? '?'}: ${options.maxClients} are connected already`,
    ),
  );
  // After the library's own listener, which has given the socket its 'data' listener.
  server.on('connection', (socket: Socket) => guard(socket, options.idleMs, malformedLog));
  modbus.on('socketError', () => undefined);
  modbus.on('error', (error) => options.log(`Modbus: ${error?.message ?? String(error)}`, 'error'));
  await new Promise<void>((resolve, reject) => {
    modbus.once('initialized', () => resolve());
    modbus.once('serverError', (error) => reject(error ?? new Error('cannot listen')));
  });
  const address = server.address();
  return {
    port: address && typeof address === 'object' ? address.port : options.port,
    clients: () => modbus.socks.size,
    close: () => new Promise((done) => modbus.close(() => done())),
  };
}

/** Hands the library's 'data' listener whole, checked frames; answers or closes the rest. */
function guard(socket: Socket, idleMs: number, log: (line: string) => void): void {
  const library = socket.listeners('data') as ((chunk: Buffer) => void)[];
  socket.removeAllListeners('data');
  socket.setTimeout(idleMs, () => socket.destroy());
  let pending = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    const { results, rest } = cutFrames(pending.length ? Buffer.concat([pending, chunk]) : chunk);
    pending = Buffer.from(rest);
    for (const result of results) {
      if (result.kind === 'malformed') {
        log(`Modbus: closed the connection from ${socket.remoteAddress}: ${result.reason}`);
        socket.destroy();
        return;
      }
      if (result.kind === 'answer') socket.write(result.frame);
      else for (const listener of library) listener.call(socket, Buffer.from(result.frame));
    }
  });
}
