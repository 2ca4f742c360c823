import type { SystemStatus } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { deviceRoute } from '../http/route';
import { sendJson } from '../http/respond';

/** GET /api/system/status (contract §2.4). */
export const systemRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;
  deviceRoute(app, 'GET', '/api/system/status', 'readonly', async (_request, reply) => {
    const status: SystemStatus = {
      hostname: 'OpenDTU-A1B2C3',
      sdkversion: 'v4.4.7-dirty',
      cpufreq: 240,
      cputemp: 43.3,
      heap_total: 316_000,
      heap_used: 141_000,
      heap_max_block: 110_580,
      heap_min_free: 120_000,
      psram_total: 0,
      psram_used: 0,
      sketch_total: 1_966_080,
      sketch_used: 1_503_000,
      littlefs_total: 262_144,
      littlefs_used: 20_480,
      chiprevision: 3,
      chipmodel: 'ESP32-D0WD-V3',
      chipcores: 2,
      flashsize: 4_194_304,
      task_details: [],
      resetreason_0: 'Vbat power on reset',
      resetreason_1: 'Vbat power on reset',
      cfgsavecount: 1,
      config_version: '0.1.29',
      git_hash: 'v25.4.10',
      pioenv: 'generic_esp32',
      uptime: Math.floor(device.uptimeMs() / 1000),
      nrf_configured: true,
      nrf_connected: true,
      nrf_pvariant: true,
      cmt_configured: true,
      cmt_connected: true,
    };
    return sendJson(reply, status);
  });
};
