// A fault in the middle of a zero-export run (issue 32: "a meter that stops answering and an
// inverter that stops answering mid-day"). The meter is cut by a stand-in in front of the
// emulator's (it drops every request while cut, as a meter off the network); the inverter
// by the emulator's own `inverter-silent` fault (docs/emulator.md#faults-on-purpose).
import { createServer, type Server } from 'node:http';

export type FaultKind = 'meter-silent' | 'inverter-silent';

export interface FaultPlan {
  kind: FaultKind;
  /** Device hours (local) the fault stands. */
  fromHour: number;
  toHour: number;
}

/** A meter in front of the emulator's that can be cut. */
export interface MeterStandIn {
  url: string;
  cut: (down: boolean) => void;
  close: () => Promise<void>;
}

export async function meterStandIn(upstream: string): Promise<MeterStandIn> {
  let down = false;
  const server: Server = createServer((request, response) => {
    if (down) return request.socket.destroy();
    fetch(`${upstream}${request.url}`)
      .then(async (answer) =>
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()),
      )
      .catch(() => request.socket.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the meter stand-in has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut: (value) => {
      down = value;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Sets or clears the emulator's `inverter-silent` fault on one inverter. */
export async function silenceInverter(device: string, serial: string, silent: boolean): Promise<void> {
  const response = silent
    ? await fetch(`${device}/emulator/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fault: 'inverter-silent', serial }),
      })
    : await fetch(`${device}/emulator/faults?fault=inverter-silent&serial=${serial}`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`the emulator refused the fault: HTTP ${response.status}`);
}
