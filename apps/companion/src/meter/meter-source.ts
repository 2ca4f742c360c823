/**
 * Reads the grid meter: polls it over HTTP, or listens on its MQTT topic, and hands each
 * reading (power, and the energy counters where the meter has them) to whoever uses it,
 * stamped with the time it arrived on that user's clock. A failing meter (no answer, an
 * error status, no power in the answer, the broker away) is noted at once; whether that
 * makes the reading stale is the user's rule (the controller's `isFresh`).
 *
 * One meter is read once however many parts use it (issue 45: the recorder of the house's
 * energy and zero export on the same meter): users of the same spec share a feed from the
 * MeterPool, which polls at the fastest pace any of them asks for, and reads the counters
 * only while one of them wants them.
 */
import type { MqttClient } from 'mqtt';
import { loadMqtt } from '../mqtt-module';
import {
  counterForm,
  countersAt,
  parseMeterBody,
  powerAt,
  type CounterForm,
  type MeterCounters,
  type MeterSpec,
} from './meter-spec';

export interface MeterReading {
  /** W, positive for import. */
  powerW: number;
  /** When it arrived, on the clock the source was given (the controller's: device ms). */
  at: number;
}

/** The meter's counters as they arrived, on the source's clock. */
export interface CounterReading extends MeterCounters {
  at: number;
}

/** A reading older than this is stale, and so is any while the meter fails. */
export const METER_STALE_MS = 30_000;

/** Whether the controller may act on `reading` at `now` (`staleMs` on the same clock). */
export function isFresh(
  reading: MeterReading | undefined,
  failing: boolean,
  now: number,
  staleMs = METER_STALE_MS,
): reading is MeterReading {
  return reading !== undefined && !failing && now - reading.at <= staleMs;
}

/** A meter's identity: the same meter read the same way is read once. */
export const meterKey = (spec: MeterSpec): string =>
  JSON.stringify([
    spec.kind,
    spec.url.href,
    spec.topic ?? '',
    spec.path,
    spec.username ?? '',
    spec.password ?? '',
  ]);

let clients = 0;

/** The one reader of a meter, shared by every MeterSource of the same spec. */
class MeterFeed {
  error: string | undefined;
  /** Why the counters could not be read while the power could; undefined while they can. */
  counterError: string | undefined;
  private readonly users = new Set<MeterSource>();
  private readonly counters: { form: CounterForm; netted: boolean } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private client: MqttClient | undefined;
  private stopped = true;
  private countersReadAt = -Infinity;

  constructor(
    readonly spec: MeterSpec,
    private readonly forget: () => void,
  ) {
    this.counters = counterForm(spec);
  }

  add(user: MeterSource): void {
    this.users.add(user);
    if (!this.stopped) return;
    this.stopped = false;
    if (this.spec.kind === 'mqtt') void this.listen();
    else void this.poll();
  }

  async remove(user: MeterSource): Promise<void> {
    this.users.delete(user);
    if (this.users.size > 0) return;
    this.stopped = true;
    this.forget();
    clearTimeout(this.timer);
    await this.client?.endAsync(true);
    this.client = undefined;
  }

  private get pollMs(): number {
    return Math.min(...[...this.users].map((user) => user.pollMs));
  }

  /** The shortest wait between counter readings asked for; undefined: nobody wants them. */
  private get counterMs(): number | undefined {
    const wanted = [...this.users].flatMap((user) => (user.counterMs === undefined ? [] : [user.counterMs]));
    return wanted.length ? Math.min(...wanted) : undefined;
  }

  private take(body: unknown): void {
    let powerW: number;
    try {
      powerW = powerAt(body, this.spec.path);
    } catch (error) {
      this.error = (error as Error).message;
      return;
    }
    this.error = undefined;
    for (const user of this.users) user.power(powerW);
    // Counters in the same answer are read with the power, and told after it: a user that
    // counts energy has the power up to this instant when the counters close the interval.
    const inline =
      this.counters && this.counters.form.kind !== 'shelly-emdata' ? this.counters.form : undefined;
    if (inline && this.counterMs !== undefined) this.takeCounters(body, inline);
  }

  private takeCounters(body: unknown, form: CounterForm): void {
    let counters: MeterCounters;
    try {
      counters = countersAt(body, form);
    } catch (error) {
      this.counterError = (error as Error).message;
      return;
    }
    this.counterError = undefined;
    for (const user of this.users) user.takeCounters(counters);
  }

  private headers(): Record<string, string> {
    if (this.spec.username === undefined) return {};
    const pair = `${this.spec.username}:${this.spec.password ?? ''}`;
    return { Authorization: `Basic ${Buffer.from(pair).toString('base64')}` };
  }

  /** GET a URL of the meter: its parsed body, or throws the failure in a word. */
  private async fetchJson(url: URL): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      // A meter slower than the poll interval counts as failing rather than piling requests up.
      response = await fetch(url, {
        headers: this.headers(),
        signal: AbortSignal.timeout(Math.max(this.pollMs, 2000)),
      });
      text = await response.text();
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new Error(cause ?? (error as Error).name);
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseMeterBody(text);
  }

  private async poll(): Promise<void> {
    try {
      this.take(await this.fetchJson(this.spec.url));
    } catch (error) {
      this.error = (error as Error).message;
    }
    // The Shelly Pro 3EM keeps its counters behind a request of their own, read as often
    // as a user asks (every 10 s of the device's time for the energy recorder).
    const due = this.counterMs;
    const form = this.counters?.form;
    if (form?.kind === 'shelly-emdata' && due !== undefined && !this.error && !this.stopped) {
      const now = performance.now();
      if (now - this.countersReadAt >= due) {
        this.countersReadAt = now;
        try {
          this.takeCounters(await this.fetchJson(form.url), form);
        } catch (error) {
          this.counterError = (error as Error).message;
        }
      }
    }
    if (!this.stopped) this.timer = setTimeout(() => void this.poll(), this.pollMs);
  }

  private async listen(): Promise<void> {
    const topic = this.spec.topic!;
    const mqtt = await loadMqtt();
    if (this.stopped) return;
    clients += 1;
    const client = mqtt.connect(this.spec.url.href, {
      clientId: `opendtu-companion-meter-${process.pid}-${clients}`,
      username: this.spec.username,
      password: this.spec.password,
      reconnectPeriod: 5000,
      connectTimeout: 5000,
    });
    this.client = client;
    client.on('connect', () => void client.subscribeAsync(topic, { qos: 0 }).catch(() => undefined));
    client.on('message', (_topic, payload) => this.take(parseMeterBody(payload.toString())));
    // The broker away means no readings: the meter fails until it is back.
    client.on('close', () => {
      if (!this.stopped) this.error = 'the MQTT broker does not answer';
    });
    client.on('error', (error) => {
      this.error = (error as NodeJS.ErrnoException).code ?? error.message;
    });
  }
}

/** The meters being read, one feed per meter (meterKey). */
export class MeterPool {
  private readonly feeds = new Map<string, MeterFeed>();

  feed(spec: MeterSpec): MeterFeed {
    const key = meterKey(spec);
    let feed = this.feeds.get(key);
    if (!feed) {
      feed = new MeterFeed(spec, () => this.feeds.delete(key));
      this.feeds.set(key, feed);
    }
    return feed;
  }
}

export interface MeterSourceOptions {
  /** Where the meter's feed is shared; without one, this source reads the meter alone. */
  pool?: MeterPool;
  /** Real ms between counter readings this user wants at least; undefined: none wanted. */
  counterMs?: number;
}

/** One user's view of a meter: its latest power and counters, on the user's clock. */
export class MeterSource {
  latest: MeterReading | undefined;
  /** The latest counters (undefined before any, or when the meter has none). */
  counters: CounterReading | undefined;
  /** Told of every reading as it arrives (the controller steps on it at once). */
  onReading: (() => void) | undefined;
  /** Told of every counter reading as it arrives (after the power of the same answer). */
  onCounters: (() => void) | undefined;
  readonly counterMs: number | undefined;
  private readonly pool: MeterPool;
  private feed: MeterFeed | undefined;

  constructor(
    readonly spec: MeterSpec,
    /** Real ms between polls this user wants at most. */
    readonly pollMs: number,
    private readonly now: () => number = Date.now,
    options: MeterSourceOptions = {},
  ) {
    this.pool = options.pool ?? new MeterPool();
    this.counterMs = options.counterMs;
  }

  /** Why the last attempt failed; undefined while the meter answers. */
  get error(): string | undefined {
    return this.feed?.error;
  }

  /** Why the counters cannot be read while the power can; undefined while they can (or are not wanted). */
  get counterError(): string | undefined {
    return this.feed?.counterError;
  }

  /** Whether the meter's counters net the phases; undefined: it has none. */
  get netted(): boolean | undefined {
    return counterForm(this.spec)?.netted;
  }

  start(): void {
    if (this.feed) return;
    this.feed = this.pool.feed(this.spec);
    this.feed.add(this);
  }

  async stop(): Promise<void> {
    const feed = this.feed;
    this.feed = undefined;
    await feed?.remove(this);
  }

  /** A power reading arrived (the feed calls this). */
  power(powerW: number): void {
    this.latest = { powerW, at: this.now() };
    this.onReading?.();
  }

  /** A counter reading arrived (the feed calls this). */
  takeCounters(counters: MeterCounters): void {
    this.counters = { ...counters, at: this.now() };
    this.onCounters?.();
  }
}
