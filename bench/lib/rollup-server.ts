// Run as its own process by sections/companion-history.ts (`node --import tsx`): the
// companion's recorder rolling up a filled data folder while a plain HTTP server in the
// same process answers what the server's routes would read meanwhile. The recorder does
// the roll-up once an hour in the running server, with no way to start it from outside,
// so here it gets a clock that is ready at once (the roll-up starts when the recorder is
// made) and the device's time is set where every raw sample is older than the kept days.
//
// Arguments: <data dir> <device time, epoch ms> <ms to wait after listening>. Prints
// `listening on <url>`, then `rollup <start> <end>` (epoch ms) when done.
import { createServer } from 'node:http';
import type { DeviceClock } from '../../apps/companion/src/device/clock';
import { HistoryStore } from '../../apps/companion/src/recorder/db/history-store';
import { openDatabase } from '../../apps/companion/src/recorder/db/open';
import { RAW_DAYS, Recorder } from '../../apps/companion/src/recorder/recorder';

const DAY_MS = 86_400_000;
const [dir, nowText, delayText] = process.argv.slice(2);
const now = Number(nowText);
const connection = openDatabase(dir!);
const store = new HistoryStore(connection);
const [first] = store.inverters();
let recorder: Recorder | undefined;

const clock = {
  ready: true,
  speed: 1,
  resets: 0,
  now: () => now,
  day: (t: number) => new Date(t).toISOString().slice(0, 10),
} as unknown as DeviceClock;

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  let body: unknown;
  if (url.pathname === '/power') {
    // One day of one inverter, as GET /companion/api/power reads it.
    const from = Number(url.searchParams.get('from'));
    body = { points: store.power(first!.id, from, from + DAY_MS).length };
  } else {
    body = { state: recorder?.state ?? 'idle', stalledMs: recorder?.stalledMs ?? 0 };
  }
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening on http://127.0.0.1:${port}`);
  setTimeout(() => {
    const start = Date.now();
    recorder = new Recorder(store, clock, { rawDays: RAW_DAYS });
    void recorder.rollUp().then(() => {
      console.log(`rollup ${start} ${Date.now()}`);
    });
  }, Number(delayText));
});

const stop = (): void => {
  recorder?.stop();
  server.close();
  connection.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
