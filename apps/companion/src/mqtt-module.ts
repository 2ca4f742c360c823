/**
 * mqtt.js, loaded the first time something needs a broker: a server with no MQTT channel
 * and no MQTT meter never loads it (about 100 modules, a few MB of memory on a Pi).
 */
import type * as Mqtt from 'mqtt';

export type MqttModule = typeof Mqtt;

let loading: Promise<MqttModule> | undefined;

export function loadMqtt(): Promise<MqttModule> {
  // Node gives a CommonJS package's exports by name; the built server's chunk of mqtt.js
  // (build/server-build.mjs) gives them only as its default export.
  loading ??= import('mqtt').then((module) =>
    'connect' in module ? module : (module as { default: MqttModule }).default,
  );
  return loading;
}
