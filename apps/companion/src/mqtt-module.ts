/**
 * mqtt.js, loaded the first time something needs a broker: a server with no MQTT channel
 * and no MQTT meter never loads it (about 100 modules, a few MB of memory on a Pi).
 */
import type * as Mqtt from 'mqtt';

export type MqttModule = typeof Mqtt;

let loading: Promise<MqttModule> | undefined;

export function loadMqtt(): Promise<MqttModule> {
  loading ??= import('mqtt');
  return loading;
}
