/**
 * Home Assistant MQTT discovery as the device announces its inverters: one sensor per AC
 * and INV field (DC inputs too with "individual panels"), a reachable binary sensor, all
 * under `<hass topic>sensor/dtu_<serial>/...` with the hass retain flag, and values
 * expiring after three publish intervals when "expire" is on.
 */
import type { Device } from '../device';
import type { RuntimeEntry } from '../sim/simulation';

interface SensorField {
  field: string;
  topic: string;
  unit: string;
  deviceClass?: string;
  stateClass: 'measurement' | 'total_increasing';
}

const AC_INV_FIELDS: readonly SensorField[] = [
  { field: 'Power', topic: 'power', unit: 'W', deviceClass: 'power', stateClass: 'measurement' },
  { field: 'Voltage', topic: 'voltage', unit: 'V', deviceClass: 'voltage', stateClass: 'measurement' },
  { field: 'Current', topic: 'current', unit: 'A', deviceClass: 'current', stateClass: 'measurement' },
  { field: 'Frequency', topic: 'frequency', unit: 'Hz', deviceClass: 'frequency', stateClass: 'measurement' },
  {
    field: 'PowerFactor',
    topic: 'powerfactor',
    unit: '',
    deviceClass: 'power_factor',
    stateClass: 'measurement',
  },
  {
    field: 'ReactivePower',
    topic: 'reactivepower',
    unit: 'var',
    deviceClass: 'reactive_power',
    stateClass: 'measurement',
  },
  { field: 'Power DC', topic: 'powerdc', unit: 'W', deviceClass: 'power', stateClass: 'measurement' },
  { field: 'YieldDay', topic: 'yieldday', unit: 'Wh', deviceClass: 'energy', stateClass: 'total_increasing' },
  {
    field: 'YieldTotal',
    topic: 'yieldtotal',
    unit: 'kWh',
    deviceClass: 'energy',
    stateClass: 'total_increasing',
  },
  {
    field: 'Temperature',
    topic: 'temperature',
    unit: '°C',
    deviceClass: 'temperature',
    stateClass: 'measurement',
  },
  { field: 'Efficiency', topic: 'efficiency', unit: '%', stateClass: 'measurement' },
];

const DC_FIELDS = AC_INV_FIELDS.filter((f) =>
  ['power', 'voltage', 'current', 'yieldday', 'yieldtotal'].includes(f.topic),
);

export function publishHassDiscovery(device: Device, entries: readonly RuntimeEntry[]): void {
  const { mqtt: settings } = device.config.get();
  const base = settings.topic;
  const expireAfter = settings.hass.expire ? settings.publish_interval * 3 : undefined;
  const send = (topic: string, payload: object): void =>
    device.mqtt.publishAbsolute(topic, JSON.stringify(payload), { retain: settings.hass.retain });
  for (const { inverter, slot } of entries) {
    const serial = inverter.serialText;
    const dev = {
      name: slot.name,
      ids: serial,
      mf: 'OpenDTU',
      mdl: inverter.family.type,
      sw: String(inverter.spec.fwBuildVersion),
      hw: inverter.spec.hwVersion,
    };
    const sensor = (channel: string, field: SensorField, label: string): void => {
      const payload: Record<string, unknown> = {
        name: label,
        stat_t: `${base}${serial}/${channel}/${field.topic}`,
        uniq_id: `${serial}_ch${channel}_${field.topic}`,
        dev,
        unit_of_meas: field.unit || undefined,
        dev_cla: field.deviceClass,
        stat_cla: field.stateClass,
      };
      if (expireAfter !== undefined) payload.exp_aft = expireAfter;
      send(`${settings.hass.topic}sensor/dtu_${serial}/ch${channel}_${field.topic}/config`, payload);
    };
    for (const field of AC_INV_FIELDS) sensor('0', field, field.field);
    if (settings.hass.individual_panels) {
      for (let n = 1; n <= inverter.family.dcInputs; n += 1) {
        for (const field of DC_FIELDS) sensor(String(n), field, `CH${n} ${field.field}`);
      }
    }
    send(`${settings.hass.topic}binary_sensor/dtu_${serial}/reachable/config`, {
      name: 'Reachable',
      stat_t: `${base}${serial}/status/reachable`,
      uniq_id: `${serial}_reachable`,
      dev,
      pl_on: '1',
      pl_off: '0',
      dev_cla: 'connectivity',
    });
  }
}
