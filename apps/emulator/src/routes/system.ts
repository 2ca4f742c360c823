import type { SystemStatus } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { expandHostname } from '../config/identity';
import { sendJson } from '../http/respond';
import { deviceRoute } from '../http/route';
import { heapFigures, HEAP_TOTAL, littlefsUsed, LITTLEFS_TOTAL, SKETCH_TOTAL, taskDetails } from './vitals';

/** The reset reasons the ESP-IDF reports after power-up and after `ESP.restart()`. */
const RESET_REASON = { 'power-on': 'Vbat power on reset', software: 'Software reset CPU' } as const;

/** GET /api/system/status (contract §2.4): identity of the played release, live figures. */
export const systemRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;
  deviceRoute(app, 'GET', '/api/system/status', 'readonly', async (_request, reply) => {
    const config = device.config.get();
    const uptimeMs = device.uptimeMs();
    const radios = device.radios();
    const seed = device.identity.chipId % 97;
    const status: SystemStatus = {
      hostname: expandHostname(config.wifi.hostname, device.identity.chipId),
      sdkversion: 'v4.4.7-dirty',
      cpufreq: 240,
      cputemp: Math.round((44 + Math.min(6, uptimeMs / 300_000) + Math.sin(uptimeMs / 47_000)) * 10) / 10,
      heap_total: HEAP_TOTAL,
      ...heapFigures(uptimeMs, seed),
      psram_total: 0,
      psram_used: 0,
      sketch_total: SKETCH_TOTAL,
      sketch_used: device.firmware.size,
      littlefs_total: LITTLEFS_TOTAL,
      littlefs_used: await littlefsUsed(device.dataDir),
      chiprevision: 3,
      chipmodel: 'ESP32-D0WD-V3',
      chipcores: 2,
      flashsize: 4_194_304,
      task_details: taskDetails(uptimeMs, config.mqtt.enabled),
      resetreason_0: RESET_REASON[device.resetReason],
      resetreason_1: RESET_REASON[device.resetReason],
      cfgsavecount: config.cfg.save_count,
      config_version: device.release.configVersion,
      git_hash: device.release.version,
      // Right after git_hash, as the firmware writes it; a release build says "master".
      ...(device.release.gitBranch && { git_branch: 'master' }),
      pioenv: 'generic_esp32',
      uptime: Math.floor(uptimeMs / 1000),
      nrf_configured: radios.nrf.configured,
      nrf_connected: radios.nrf.connected,
      nrf_pvariant: radios.nrf.pvariant,
      cmt_configured: radios.cmt.configured,
      cmt_connected: radios.cmt.connected,
    };
    return sendJson(reply, status);
  });
};
