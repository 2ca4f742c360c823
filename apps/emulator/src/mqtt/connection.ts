import { EventEmitter } from 'node:events';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { ConfigFile } from '@opendtu/api';

export interface PublishOptions {
  /** Defaults to the configured `mqtt.retain`. */
  retain?: boolean;
  qos?: 0 | 1 | 2;
}

/** Seconds between reconnect attempts (the firmware retries every few seconds). */
const RECONNECT_PERIOD_MS = 5000;

/**
 * The device's broker connection (contract §3.9-3.11). While MQTT is enabled it really
 * connects to the configured broker with mqtt.js, with the LWT the firmware registers
 * (`<topic><lwt topic>` = offline, retained) and publishes the online value on connect.
 * `connected` is what /api/mqtt/status reports. Publishing the device's topics is up to
 * the live-data side, through `publish` (topics are relative to the base topic).
 */
export class MqttConnection extends EventEmitter<{ connect: []; close: [] }> {
  private client: MqttClient | undefined;
  private settings: ConfigFile['mqtt'] | undefined;

  constructor(private readonly fallbackClientId: string) {
    super();
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** The base topic, e.g. `solar/`. */
  get baseTopic(): string {
    return this.settings?.topic ?? '';
  }

  /** (Re)connects with these settings, or stays disconnected when MQTT is disabled. */
  async apply(settings: ConfigFile['mqtt']): Promise<void> {
    await this.stop();
    this.settings = structuredClone(settings);
    if (!settings.enabled || settings.hostname === '') return;
    const lwtTopic = settings.topic + settings.lwt.topic;
    const options: IClientOptions = {
      host: settings.hostname,
      port: settings.port,
      protocol: settings.tls.enabled ? 'mqtts' : 'mqtt',
      clientId: settings.clientid || this.fallbackClientId,
      username: settings.username || undefined,
      password: settings.password || undefined,
      clean: settings.clean_session,
      keepalive: 60,
      reconnectPeriod: RECONNECT_PERIOD_MS,
      connectTimeout: 5000,
      will: {
        topic: lwtTopic,
        payload: Buffer.from(settings.lwt.value_offline),
        qos: Math.min(2, settings.lwt.qos) as 0 | 1 | 2,
        retain: true,
      },
    };
    if (settings.tls.enabled) {
      options.ca = settings.tls.root_ca_cert;
      if (settings.tls.certlogin) {
        options.cert = settings.tls.client_cert;
        options.key = settings.tls.client_key;
      }
    }
    const client = mqtt.connect(options);
    // Connection problems are expected (broker away); they show as mqtt_connected false.
    client.on('error', () => undefined);
    client.on('connect', () => {
      client.publish(lwtTopic, settings.lwt.value_online, {
        qos: options.will?.qos ?? 0,
        retain: true,
      });
      this.emit('connect');
    });
    client.on('close', () => this.emit('close'));
    this.client = client;
  }

  /** Publishes below the base topic; silently dropped while not connected (as the firmware does). */
  publish(subtopic: string, payload: string, options: PublishOptions = {}): void {
    this.publishAbsolute((this.settings?.topic ?? '') + subtopic, payload, options);
  }

  /** Publishes to a full topic outside the base topic (Home Assistant discovery). */
  publishAbsolute(topic: string, payload: string, options: PublishOptions = {}): void {
    const client = this.client;
    if (!client?.connected || !this.settings) return;
    client.publish(topic, payload, {
      qos: options.qos ?? 0,
      retain: options.retain ?? this.settings.retain,
    });
  }

  /** Disconnects (on shutdown or before reconnecting with new settings). */
  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) await client.endAsync(true).catch(() => undefined);
  }
}
