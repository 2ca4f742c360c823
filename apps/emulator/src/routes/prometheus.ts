import { FIELD_ORDER, FIELD_UNITS } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { expandHostname } from '../config/identity';
import type { Device } from '../device';
import { deviceRoute } from '../http/route';
import { fullObject } from '../live/livedata-json';
import type { RuntimeEntry, Simulation } from '../sim/simulation';
import { heapFigures, HEAP_TOTAL, wifiSignal } from './vitals';

// The firmware lists fields in the order it writes them (FIELD_ORDER); "Power DC" is printed as PowerDC.

const quote = (text: string): string => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

function gauge(lines: string[], name: string, help: string, type = 'gauge'): void {
  lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
}

function inverterLines(lines: string[], entry: RuntimeEntry, index: number, uptime: number): void {
  const { inverter, slot } = entry;
  const labels = `serial="${inverter.serialText}",unit="${index}",name="${quote(slot.name)}"`;
  const first = index === 0;
  if (first) gauge(lines, 'opendtu_last_update', 'last update from inverter in s');
  lines.push(`opendtu_last_update{${labels}} ${Math.floor((inverter.lastStatsUptime ?? 0) / 1000)}`);
  if (first) gauge(lines, 'opendtu_inverter_limit_relative', 'current relative limit of the inverter');
  lines.push(`opendtu_inverter_limit_relative{${labels}} ${(inverter.limitRelative / 100).toFixed(6)}`);
  if (inverter.maxPower > 0) {
    if (first) gauge(lines, 'opendtu_inverter_limit_absolute', 'current relative limit of the inverter');
    lines.push(
      `opendtu_inverter_limit_absolute{${labels}} ${((inverter.limitRelative * inverter.maxPower) / 100).toFixed(6)}`,
    );
  }
  if (!inverter.everReceived) return;
  const full = fullObject(inverter, slot, uptime);
  for (const type of ['AC', 'DC', 'INV'] as const) {
    for (const [channel, values] of Object.entries(full[type])) {
      const channelLabels = `${labels},type="${type}",channel="${channel}"`;
      if (type === 'DC') {
        const config = slot.channel[Number(channel)];
        if (first && channel === '0') gauge(lines, 'opendtu_PanelInfo', 'panel information');
        lines.push(
          `opendtu_PanelInfo{${labels},channel="${channel}",panelname="${quote(config?.name ?? '')}"} 1`,
        );
        if (first && channel === '0') gauge(lines, 'opendtu_MaxPower', 'panel maximum output power');
        lines.push(`opendtu_MaxPower{${labels},channel="${channel}"} ${config?.max_power ?? 0}`);
        if (first && channel === '0')
          gauge(lines, 'opendtu_YieldTotalOffset', 'panel yield offset (for used inverters)');
        lines.push(
          `opendtu_YieldTotalOffset{${labels},channel="${channel}"} ${(config?.yield_total_offset ?? 0).toFixed(6)}`,
        );
      }
      const record = values as Record<string, { v: number; u: string; d: number } | undefined>;
      for (const field of FIELD_ORDER) {
        let value = record[field];
        // The device prints DC Irradiation even without a configured panel power.
        if (!value && type === 'DC' && field === 'Irradiation')
          value = { v: 0, ...FIELD_UNITS.DC.Irradiation };
        if (!value) continue;
        const metric = `opendtu_${field.replace(' ', '')}`;
        if (first && type === 'AC' && channel === '0') {
          gauge(lines, metric, `in ${value.u}`, field.startsWith('Yield') ? 'counter' : 'gauge');
        }
        lines.push(`${metric}{${channelLabels}} ${value.v.toFixed(value.d)}`);
      }
    }
  }
}

function metricsText(device: Device, sim: Simulation): string {
  const config = device.config.get();
  const uptimeMs = device.uptimeMs();
  const heap = heapFigures(uptimeMs, device.identity.chipId % 97);
  const lines: string[] = [];
  gauge(lines, 'opendtu_build', 'Build info');
  lines.push(
    `opendtu_build{name="${expandHostname(config.wifi.hostname, device.identity.chipId)}",id="v25.4.10",version="0.1.29"} 1`,
  );
  gauge(lines, 'opendtu_platform', 'Platform info');
  lines.push(`opendtu_platform{arch="ESP32-D0WD-V3",mac="${device.identity.mac}"} 1`);
  gauge(lines, 'opendtu_uptime', 'Uptime in seconds', 'counter');
  lines.push(`opendtu_uptime ${Math.floor(uptimeMs / 1000)}`);
  const heapLines: [string, string, number][] = [
    ['opendtu_heap_size', 'System memory size', HEAP_TOTAL],
    ['opendtu_free_heap_size', 'System free memory', HEAP_TOTAL - heap.heap_used],
    ['opendtu_biggest_heap_block', 'Biggest free heap block', heap.heap_max_block],
    ['opendtu_heap_min_free', 'Minimum free memory since boot', heap.heap_min_free],
  ];
  for (const [name, help, value] of heapLines) {
    gauge(lines, name, help);
    lines.push(`${name} ${value}`);
  }
  gauge(lines, 'wifi_rssi', 'WiFi RSSI');
  lines.push(`wifi_rssi ${wifiSignal(uptimeMs, device.identity.chipId)}`);
  gauge(lines, 'wifi_station', 'WiFi Station info');
  lines.push('wifi_station{bssid="3C:A6:2F:5E:11:7A"} 1');
  sim.entries().forEach((entry, index) => inverterLines(lines, entry, index, sim.poller.uptime));
  return `${lines.join('\n')}\n`;
}

/** GET /api/prometheus/metrics (contract §12). */
export const prometheusRoutes: FastifyPluginAsync<{ sim: Simulation }> = async (app, { sim }) => {
  deviceRoute(app, 'GET', '/api/prometheus/metrics', 'readonly', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(metricsText(app.device, sim)),
  );
};
