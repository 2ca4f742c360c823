import { parseSerial, ResponseCode, type PowerStatusMap } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { isBool, isString, member } from '../http/json-values';
import { SETTINGS_SAVED, VALUES_MISSING, sendJson, warning } from '../http/respond';
import { deviceRoute, jsonPostRoute } from '../http/route';
import type { Simulation } from '../sim/simulation';

/** GET /api/power/status and POST /api/power/config (contract §9.3, §9.4). */
export const powerRoutes: FastifyPluginAsync<{ sim: Simulation }> = async (app, { sim }) => {
  deviceRoute(app, 'GET', '/api/power/status', 'readonly', async (_request, reply) => {
    const body: PowerStatusMap = {};
    for (const { inverter } of sim.entries())
      body[inverter.serialText] = { power_set_status: inverter.power.status };
    return sendJson(reply, body);
  });

  jsonPostRoute(app, '/api/power/config', async (data, _request, reply) => {
    const serialText = member(data, 'serial');
    const power = member(data, 'power');
    const restart = member(data, 'restart');
    if (!isString(serialText) || !(isBool(power) || isBool(restart))) return sendJson(reply, VALUES_MISSING);
    const serial = parseSerial(serialText);
    if (serial === 0)
      return sendJson(reply, warning('Serial must be a number > 0!', ResponseCode.PowerSerialZero));
    const entry = sim.find(serial);
    if (!entry)
      return sendJson(reply, warning('Invalid inverter specified!', ResponseCode.PowerInvalidInverter));
    const action = isBool(power) ? (power ? 'on' : 'off') : restart === true ? 'restart' : undefined;
    if (action && entry.inverter.commandsEnabled && entry.inverter.radioReady) {
      entry.inverter.queue({ kind: 'power', action });
      app.device.console.line(
        `Power ${action} inverter ${entry.inverter.serialText.toUpperCase()}`,
        'webapi',
      );
    }
    return sendJson(reply, SETTINGS_SAVED);
  });
};
