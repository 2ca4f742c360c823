/**
 * What the device publishes to its broker while MQTT is enabled (topics relative to the
 * base topic, e.g. `solar/`): per inverter `<serial>/name`, `<serial>/status/*`,
 * `<serial>/device/*` and `<serial>/<channel>/<field>` (AC and INV on channel 0, DC input
 * n on channel n+1), totals under `ac/` and `dc/`, DTU figures under `dtu/`, each at the
 * publish interval; Home Assistant discovery when enabled. Values carry the field's digits.
 * Inverter topics go out when the inverter has new data since its last publish.
 */
import type { Device } from '../device';
import { expandHostname } from '../config/identity';
import { fullObject, sumsOf } from '../live/livedata-json';
import type { RuntimeEntry, Simulation } from '../sim/simulation';
import { publishHassDiscovery } from './hass-discovery';

const FIELD_TOPICS: Record<string, string> = {
  Power: 'power',
  Voltage: 'voltage',
  Current: 'current',
  'Power DC': 'powerdc',
  YieldDay: 'yieldday',
  YieldTotal: 'yieldtotal',
  Frequency: 'frequency',
  Temperature: 'temperature',
  PowerFactor: 'powerfactor',
  ReactivePower: 'reactivepower',
  Efficiency: 'efficiency',
  Irradiation: 'irradiation',
};

export class MqttPublisher {
  private lastPublishAt = Number.NEGATIVE_INFINITY;
  private readonly lastSeq = new Map<number, number>();
  private discoveryDue = true;
  private readonly onConnect = (): void => {
    this.lastPublishAt = Number.NEGATIVE_INFINITY;
    this.lastSeq.clear();
    this.discoveryDue = true;
  };

  constructor(
    private readonly device: Device,
    private readonly sim: Simulation,
    private readonly realNow: () => number = Date.now,
  ) {
    device.mqtt.on('connect', this.onConnect);
  }

  stop(): void {
    this.device.mqtt.off('connect', this.onConnect);
  }

  /** Discovery is re-sent when inverters or the MQTT settings change. */
  invalidateDiscovery(): void {
    this.discoveryDue = true;
  }

  /** Runs every second; publishes when the interval has passed. */
  tick(): void {
    const { mqtt } = this.device;
    if (!mqtt.connected) return;
    const settings = this.device.config.get().mqtt;
    const now = this.realNow();
    const entries = this.sim.entries();
    if (this.discoveryDue && settings.hass.enabled) {
      publishHassDiscovery(this.device, entries);
    }
    this.discoveryDue = false;
    if (now - this.lastPublishAt < settings.publish_interval * 1000) return;
    this.lastPublishAt = now;
    this.publishDtu();
    for (const entry of entries) this.publishInverter(entry);
    this.publishTotals(entries);
  }

  private publish(topic: string, value: string | number): void {
    this.device.mqtt.publish(topic, String(value));
  }

  private publishDtu(): void {
    const { device } = this;
    this.publish('dtu/uptime', Math.floor(device.uptimeMs() / 1000));
    this.publish('dtu/ip', '192.168.178.57');
    this.publish('dtu/hostname', expandHostname(device.config.get().wifi.hostname, device.identity.chipId));
    this.publish('dtu/rssi', -58);
    this.publish('dtu/bssid', '3C:A6:2F:5E:11:7A');
  }

  private publishInverter({ inverter, slot }: RuntimeEntry): void {
    const base = inverter.serialText;
    const reachable = inverter.reachable(slot.reachable_threshold);
    this.publish(`${base}/name`, slot.name);
    this.publish(`${base}/status/reachable`, reachable ? 1 : 0);
    this.publish(`${base}/status/producing`, inverter.pollEnabled && inverter.reading.ac.power > 0 ? 1 : 0);
    this.publish(`${base}/status/limit_relative`, inverter.limitRelative.toFixed(2));
    if (inverter.maxPower > 0) {
      this.publish(
        `${base}/status/limit_absolute`,
        ((inverter.limitRelative * inverter.maxPower) / 100).toFixed(2),
      );
    }
    if (inverter.devInfoValid) {
      const { spec } = inverter;
      this.publish(`${base}/device/bootloaderversion`, spec.bootloaderVersion);
      this.publish(`${base}/device/fwbuildversion`, spec.fwBuildVersion);
      this.publish(`${base}/device/fwbuilddatetime`, spec.fwBuildDateTime);
      this.publish(`${base}/device/hwpartnumber`, spec.partNumber);
      this.publish(`${base}/device/hwversion`, spec.hwVersion);
    }
    if (!inverter.everReceived || this.lastSeq.get(inverter.serial) === inverter.updateSeq) return;
    this.lastSeq.set(inverter.serial, inverter.updateSeq);
    const lastUpdate = this.sim.poller.now - (this.sim.poller.uptime - (inverter.lastStatsUptime ?? 0));
    this.publish(`${base}/status/last_update`, Math.floor(lastUpdate / 1000));
    const full = fullObject(inverter, slot, this.sim.poller.uptime);
    const channels: [string, Record<string, unknown>][] = [
      ['0', full.AC['0'] ?? {}],
      ['0', full.INV['0'] ?? {}],
      ...Object.entries(full.DC).map(([n, channel]): [string, Record<string, unknown>] => [
        String(Number(n) + 1),
        channel,
      ]),
    ];
    for (const [channel, fields] of channels) {
      for (const [field, value] of Object.entries(fields)) {
        if (field === 'name') {
          this.publish(`${base}/${channel}/name`, (value as { u: string }).u);
          continue;
        }
        const topic = FIELD_TOPICS[field];
        const { v, d } = value as { v: number; d: number };
        if (topic) this.publish(`${base}/${channel}/${topic}`, v.toFixed(d));
      }
    }
  }

  private publishTotals(entries: RuntimeEntry[]): void {
    let acPower = 0;
    let dcPower = 0;
    let yieldDay = 0;
    let yieldTotal = 0;
    let wp = 0;
    let valid = false;
    for (const { inverter, slot } of entries) {
      if (!slot.poll_enable) continue;
      const sums = sumsOf(inverter, slot);
      if (inverter.reachable(slot.reachable_threshold)) valid = true;
      acPower += sums.acPower;
      dcPower += sums.dcPower;
      yieldDay += sums.yieldDay;
      yieldTotal += sums.yieldTotal;
      wp += slot.channel.slice(0, inverter.family.dcInputs).reduce((sum, c) => sum + c.max_power, 0);
    }
    this.publish('ac/power', acPower.toFixed(1));
    this.publish('ac/yieldtotal', yieldTotal.toFixed(3));
    this.publish('ac/yieldday', yieldDay.toFixed(0));
    this.publish('ac/is_valid', valid ? 1 : 0);
    this.publish('dc/power', dcPower.toFixed(1));
    this.publish('dc/irradiation', (wp > 0 ? (dcPower / wp) * 100 : 0).toFixed(3));
    this.publish('dc/is_valid', valid ? 1 : 0);
  }
}
