import mqtt, { type MqttClient } from 'mqtt';
import type { MeterReading } from './grid-meter';
import { tasmotaSensor } from './meter-forms';

/** A broker address and the topic to publish on, from `mqtt://host:port/topic/path`. */
export interface MeterMqttTarget {
  url: string;
  topic: string;
}

/** Reads `--meter-mqtt`; throws with a message fit for the user. */
export function parseMeterMqtt(text: string): MeterMqttTarget {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new Error(`--meter-mqtt must be mqtt://host:port/topic, got "${text}"`);
  }
  const topic = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!['mqtt:', 'mqtts:'].includes(parsed.protocol) || !parsed.hostname || topic === '') {
    throw new Error(`--meter-mqtt must be mqtt://host:port/topic, got "${text}"`);
  }
  return { url: `${parsed.protocol}//${parsed.host}`, topic };
}

const RECONNECT_PERIOD_MS = 5000;

/**
 * Publishes each reading as a Tasmota SML reader's SENSOR message does (JSON, not
 * retained): the shape MQTT-fed zero-export controllers commonly read.
 */
export class MeterMqtt {
  private readonly client: MqttClient;

  constructor(private readonly target: MeterMqttTarget) {
    this.client = mqtt.connect(target.url, {
      clientId: `opendtu-emulator-meter-${process.pid}`,
      reconnectPeriod: RECONNECT_PERIOD_MS,
      connectTimeout: 5000,
    });
    // A broker that is away is retried; its errors are not the emulator's to report.
    this.client.on('error', () => undefined);
  }

  publish(reading: MeterReading): void {
    if (!this.client.connected) return;
    this.client.publish(this.target.topic, JSON.stringify(tasmotaSensor(reading)));
  }

  async stop(): Promise<void> {
    await this.client.endAsync(true);
  }
}
