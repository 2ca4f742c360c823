/**
 * `mqtt://[user:pass@]host[:port]/topic` and `mqtts://` (TLS): the alerts as retained state,
 * for a home automation that wants a sensor rather than a message. Under the base topic:
 * - `<topic>/<rule>` (or `<topic>/<rule>/<serial>` for a rule judged per inverter): `ON` while
 *   the alert stands, `OFF` once it is resolved; retained, so a subscriber that arrives later
 *   knows the state;
 * - that topic + `/attributes`: JSON with the alert's text, since, ended and inverter;
 * - `<topic>/status`: `online`, or `offline` (the last will) while the companion is away;
 * - `<topic>/test`: the test message (not retained);
 * - Home Assistant discovery, `<prefix>/binary_sensor/<node>/<rule>_<serial>/config` (prefix
 *   `homeassistant`, or `?discovery=<prefix>`, or `?discovery=off`): a problem sensor per rule
 *   (per inverter), all on one device, the companion.
 * QoS 1 throughout: a message counts as sent on the broker's PUBACK. One connection per
 * channel, kept open; at every connect the state of every alert the database remembers is
 * published again, so a broker that lost its retained messages (no persistence, a restart)
 * is whole again without waiting for the next alert.
 */
import { randomBytes } from 'node:crypto';
import type { IClientPublishOptions, MqttClient } from 'mqtt';
import { loadMqtt, type MqttModule } from '../../mqtt-module';
import {
  ChannelUrlError,
  reasonOf,
  type AlertBody,
  type Delivery,
  type ReceiverAnswer,
  type StatesNow,
  type SubjectState,
} from './common';

export interface MqttTarget {
  /** mqtt(s)://host[:port], without credentials. */
  broker: URL;
  username: string | undefined;
  password: string | undefined;
  /** The base topic, e.g. `solar/alerts`. */
  topic: string;
  /** Home Assistant's discovery prefix; null: no discovery. */
  discovery: string | null;
  /** Home Assistant's node id and the device's identifier: the base topic in its letters. */
  node: string;
}

const DEFAULT_DISCOVERY = 'homeassistant';

/** Topic levels to publish to: no wildcards, no empty level, not the broker's `$` topics. */
const validTopic = (topic: string): boolean =>
  topic !== '' && !/[+#\0]/.test(topic) && !topic.startsWith('$') && !topic.split('/').includes('');

export function parseMqtt(url: URL, masked: string): MqttTarget {
  const topic = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (topic === '')
    throw new ChannelUrlError(
      `${masked} needs a topic after the host, e.g. mqtt://broker.local/opendtu-alerts`,
    );
  if (!validTopic(topic))
    throw new ChannelUrlError(
      `${masked}: the topic "${topic}" must not hold + or #, start with $ or have an empty level (//)`,
    );
  let discovery: string | null = DEFAULT_DISCOVERY;
  for (const [key, value] of url.searchParams) {
    if (key !== 'discovery')
      throw new ChannelUrlError(`${masked}: unknown option "${key}" (an MQTT URL takes ?discovery=)`);
    if (value === 'off') discovery = null;
    else if (validTopic(value)) discovery = value;
    else throw new ChannelUrlError(`${masked}: discovery= takes a topic prefix or off`);
  }
  const broker = new URL(`${url.protocol}//${url.host}`);
  return {
    broker,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    topic,
    discovery,
    node: topic.replace(/[^A-Za-z0-9_-]/g, '_'),
  };
}

interface Publication {
  topic: string;
  payload: string;
  retain: boolean;
}

const ruleWords = (rule: string): string => {
  const words = rule.split('-').map((word) => (word === 'dtu' ? 'DTU' : word));
  const first = words[0] ?? '';
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
};

/** The topic part for a rule and inverter: `<rule>` or `<rule>/<serial>`. */
export const subjectOf = (alert: AlertBody): string =>
  alert.inverter ? `${alert.rule}/${alert.inverter.serial}` : alert.rule;

/**
 * What one rule's (and inverter's) state is made of: discovery, attributes, then the state,
 * ON while any of its alerts stands (a rule may hold several at once, one per string or
 * event-log entry).
 */
export function statePublications(target: MqttTarget, state: SubjectState): Publication[] {
  const { latest } = state;
  const shown = state.standing.at(-1) ?? latest;
  const subject = subjectOf(latest);
  const stateTopic = `${target.topic}/${subject}`;
  const attributes = `${stateTopic}/attributes`;
  const publications: Publication[] = [];
  if (target.discovery !== null) {
    const object = subject.replace(/[^A-Za-z0-9_]/g, '_');
    publications.push({
      topic: `${target.discovery}/binary_sensor/${target.node}/${object}/config`,
      retain: true,
      payload: JSON.stringify({
        name: latest.inverter
          ? `${latest.inverter.name} ${ruleWords(latest.rule).toLowerCase()}`
          : ruleWords(latest.rule),
        unique_id: `${target.node}_${object}`,
        device_class: 'problem',
        state_topic: stateTopic,
        payload_on: 'ON',
        payload_off: 'OFF',
        json_attributes_topic: attributes,
        availability_topic: `${target.topic}/status`,
        payload_available: 'online',
        payload_not_available: 'offline',
        device: {
          identifiers: [`opendtu_companion_${target.node}`],
          name: 'OpenDTU companion',
          model: 'OpenDTU companion',
        },
      }),
    });
  }
  publications.push(
    {
      topic: attributes,
      retain: true,
      payload: JSON.stringify({
        rule: latest.rule,
        inverter: latest.inverter,
        text: shown.text,
        since: shown.started,
        ended: state.standing.length > 0 ? null : latest.ended,
        standing: state.standing.length,
        alert_id: shown.id,
      }),
    },
    { topic: stateTopic, retain: true, payload: state.standing.length > 0 ? 'ON' : 'OFF' },
  );
  return publications;
}

const QOS1: IClientPublishOptions = { qos: 1 };

/** mqtt.js reports a refused CONNECT with a numeric code: its message says more. */
const errorText = (error: Error & { code?: unknown }): string =>
  typeof error.code === 'string' ? error.code : error.message || reasonOf(error);

/** A broker that does not let us in within this long counts as down for this attempt. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(what)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** One channel's connection to its broker. */
export class MqttLink {
  private client: MqttClient | undefined;
  /** Closed by the server: a start still loading mqtt.js does not connect. */
  private closed = false;
  private lastError: string | undefined;
  /** The republication after the last connect: messages wait for it, to stay in order. */
  private synced: Promise<void> = Promise.resolve();
  private states: StatesNow = () => [];

  constructor(private readonly target: MqttTarget) {}

  private get statusTopic(): string {
    return `${this.target.topic}/status`;
  }

  /** Connects (and keeps reconnecting); every state `states` tells is published again at each connect. */
  start(states: StatesNow): void {
    this.states = states;
    this.closed = false;
    void loadMqtt().then((mqtt) => {
      if (!this.closed) this.connect(mqtt);
    });
  }

  private connect(mqtt: MqttModule): MqttClient {
    if (this.client) return this.client;
    const client = mqtt.connect(this.target.broker.href, {
      username: this.target.username,
      password: this.target.password,
      clientId: `opendtu-companion-${randomBytes(4).toString('hex')}`,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      will: { topic: this.statusTopic, payload: Buffer.from('offline'), qos: 1, retain: true },
    });
    client.on('error', (error) => {
      this.lastError = errorText(error);
    });
    client.on('connect', () => {
      this.lastError = undefined;
      this.synced = this.republish(client).catch((error: Error) => {
        this.lastError = errorText(error);
      });
    });
    this.client = client;
    return client;
  }

  private async republish(client: MqttClient): Promise<void> {
    let states: SubjectState[] = [];
    try {
      states = this.states();
    } catch {
      // The database is closing: the status alone, the states come with the next connect.
    }
    const publications = [
      { topic: this.statusTopic, payload: 'online', retain: true },
      ...states.flatMap((state) => statePublications(this.target, state)),
    ];
    await Promise.all(
      publications.map((p) => client.publishAsync(p.topic, p.payload, { ...QOS1, retain: p.retain })),
    );
  }

  /**
   * A test is a message of its own; an alert's message publishes its rule's state as the
   * database has it now (a later message of the queue may already be on its way, so the
   * broker never goes back to an older state).
   */
  private publicationsOf(delivery: Delivery): Publication[] {
    const alert = delivery.alert;
    if (delivery.event === 'test' || !alert)
      return [
        {
          topic: `${this.target.topic}/test`,
          retain: false,
          payload: JSON.stringify({ title: delivery.title, text: delivery.text }),
        },
      ];
    let state: SubjectState | undefined;
    try {
      state = this.states().find((known) => subjectOf(known.latest) === subjectOf(alert));
    } catch {
      // The database is closing: the message's own word.
    }
    return statePublications(
      this.target,
      state ?? { standing: delivery.event === 'raised' ? [alert] : [], latest: alert },
    );
  }

  /** Publishes the delivery and waits for every PUBACK; never throws. */
  async send(delivery: Delivery, timeoutMs: number): Promise<ReceiverAnswer> {
    this.closed = false;
    const client = this.connect(await loadMqtt());
    try {
      if (!client.connected) await this.nextConnect(client, timeoutMs);
      await within(this.synced, timeoutMs, 'timeout');
      const publications = this.publicationsOf(delivery);
      await within(
        Promise.all(
          publications.map((p) => client.publishAsync(p.topic, p.payload, { ...QOS1, retain: p.retain })),
        ),
        timeoutMs,
        'timeout',
      );
      return {
        ok: true,
        status: null,
        answer: `PUBACK for ${publications.length} message${publications.length === 1 ? '' : 's'} under ${this.target.topic}/`,
      };
    } catch (error) {
      return { ok: false, status: null, answer: errorText(error as Error) };
    }
  }

  /** Resolves on the next connect; rejects when this attempt fails (mqtt.js tries again) or takes too long. */
  private nextConnect(client: MqttClient, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const settle = (error?: Error): void => {
        clearTimeout(timer);
        client.off('connect', connected);
        client.off('close', closed);
        if (error) reject(error);
        else resolve();
      };
      const connected = (): void => settle();
      const closed = (): void => settle(new Error(this.lastError ?? 'not connected'));
      const timer = setTimeout(() => settle(new Error(this.lastError ?? 'timeout')), timeoutMs);
      client.on('connect', connected);
      client.on('close', closed);
    });
  }

  /** Says `offline` (as the last will would) and disconnects; a later send connects again. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.closed = true;
    if (!client) return;
    if (client.connected)
      await within(
        client.publishAsync(this.statusTopic, 'offline', { ...QOS1, retain: true }),
        2000,
        'timeout',
      ).catch(() => undefined);
    await client.endAsync(!client.connected);
  }
}
