/**
 * Reads the grid meter: polls it over HTTP every poll interval, or listens on its MQTT
 * topic, and keeps the latest reading with the time it arrived. A failing meter (no
 * answer, an error status, no power in the answer, the broker away) is noted at once;
 * whether that makes the reading stale is the controller's rule (`isFresh`).
 */
import type { MqttClient } from 'mqtt';
import { loadMqtt } from '../mqtt-module';
import { parseMeterBody, powerAt, type MeterSpec } from './meter';

export interface MeterReading {
  /** W, positive for import. */
  powerW: number;
  /** When it arrived, on the clock the source was given (the controller's: device ms). */
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

export class MeterSource {
  latest: MeterReading | undefined;
  /** Why the last attempt failed; undefined while the meter answers. */
  error: string | undefined;
  /** Told of every reading as it arrives (the controller steps on it at once). */
  onReading: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private client: MqttClient | undefined;
  private stopped = false;

  constructor(
    private readonly spec: MeterSpec,
    private readonly pollMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.stopped = false;
    if (this.spec.kind === 'mqtt') void this.listen();
    else void this.poll();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.client?.endAsync(true);
    this.client = undefined;
  }

  private take(body: unknown): void {
    try {
      this.latest = { powerW: powerAt(body, this.spec.path), at: this.now() };
      this.error = undefined;
      this.onReading?.();
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  private async poll(): Promise<void> {
    const headers: Record<string, string> = {};
    if (this.spec.username !== undefined)
      headers.Authorization = `Basic ${Buffer.from(`${this.spec.username}:${this.spec.password ?? ''}`).toString('base64')}`;
    try {
      // A meter slower than the poll interval counts as failing rather than piling requests up.
      const response = await fetch(this.spec.url, {
        headers,
        signal: AbortSignal.timeout(Math.max(this.pollMs, 2000)),
      });
      const text = await response.text();
      if (!response.ok) this.error = `HTTP ${response.status}`;
      else this.take(parseMeterBody(text));
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      this.error = cause ?? (error as Error).name;
    }
    if (!this.stopped) this.timer = setTimeout(() => void this.poll(), this.pollMs);
  }

  private async listen(): Promise<void> {
    const topic = this.spec.topic!;
    const mqtt = await loadMqtt();
    if (this.stopped) return;
    const client = mqtt.connect(this.spec.url.href, {
      clientId: `opendtu-companion-meter-${process.pid}`,
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
