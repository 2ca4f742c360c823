/**
 * Pushes every sample to an InfluxDB line-protocol write URL (InfluxDB 1 `/write?db=..`,
 * InfluxDB 2/3 `/api/v2/write?org=..&bucket=..` with a token, VictoriaMetrics `/write`).
 * The lines are queued in the history database in the same transaction as the samples,
 * so nothing is lost while the target is down or this server restarts: the queue is sent
 * in order when the target answers again (back-fill; a push can, unlike a scrape).
 */
import type { LogLine } from '../log';
import type { PushQueue } from '../recorder/db/push-queue';
import type { Sample } from '../recorder/sample';
import { linesOf } from './line-protocol';

const BATCH_BYTES = 512 * 1024;
const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000];
const TIMEOUT_MS = 30_000;

export class InfluxPusher {
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private sending = false;
  private stopped = false;
  private trouble: string | undefined;
  private troubleSince: number | undefined;

  constructor(
    private readonly store: PushQueue,
    private readonly url: URL,
    private readonly token: string | undefined,
    private readonly log: LogLine,
    /** The device's name in a plant, the lines' `dtu` tag; '' for one device. */
    private readonly dtu = '',
  ) {}

  /** Since when (this machine's ms) the target refuses or does not answer; undefined while it takes. */
  get failingSince(): number | undefined {
    return this.troubleSince;
  }

  /** Queues the samples' lines (called inside the recorder's transaction). */
  queue(samples: Sample[]): void {
    if (samples.length) this.store.add(samples.flatMap((sample) => linesOf(sample, this.dtu)).join('\n'));
  }

  /** Queues lines of another measurement (the grid meter's), inside its recorder's transaction. */
  queueLines(lines: string[]): void {
    if (lines.length) this.store.add(lines.join('\n'));
  }

  /** The device's name in a plant ('' for one device), the lines' `dtu` tag. */
  get tag(): string {
    return this.dtu;
  }

  /** Sends what is queued, unless a failure is being waited out. */
  kick(): void {
    if (!this.sending && !this.timer && !this.stopped) void this.send();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private retryLater(problem: string): void {
    this.troubleSince ??= Date.now();
    if (this.trouble !== problem) {
      this.log(
        `The InfluxDB target ${this.url.origin} ${problem}: keeping the samples on disk and retrying`,
        'warn',
      );
      this.trouble = problem;
    }
    const delay = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)]!;
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, delay);
  }

  private async send(): Promise<void> {
    this.sending = true;
    try {
      for (
        let batch = this.store.next(BATCH_BYTES);
        batch && !this.stopped;
        batch = this.store.next(BATCH_BYTES)
      ) {
        const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8' };
        if (this.token) headers.Authorization = `Token ${this.token}`;
        let response: Response;
        try {
          response = await fetch(this.url, {
            method: 'POST',
            headers,
            body: batch.lines.join('\n'),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          await response.text();
        } catch (error) {
          const cause =
            ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code ?? (error as Error).message;
          return this.retryLater(`does not answer (${cause})`);
        }
        if (response.status === 400) {
          // Lines the target cannot take will never be taken: skip them, keep the rest.
          this.log(`The InfluxDB target ${this.url.origin} refused a batch (HTTP 400): skipped`, 'warn');
        } else if (!response.ok) {
          return this.retryLater(`answers HTTP ${response.status}`);
        }
        this.store.done(batch.last);
        if (this.trouble) this.log(`The InfluxDB target ${this.url.origin} takes samples again`);
        this.trouble = undefined;
        this.troubleSince = undefined;
        this.failures = 0;
      }
    } finally {
      this.sending = false;
    }
  }
}
