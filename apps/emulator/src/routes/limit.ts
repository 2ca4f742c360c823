import {
  limitKindOf,
  MAX_INVERTER_LIMIT,
  parseSerial,
  ResponseCode,
  type LimitStatusMap,
} from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { isIntegerAt, isNumber, isString, member } from '../http/json-values';
import { SETTINGS_SAVED, VALUES_MISSING, sendJson, warning } from '../http/respond';
import { deviceRoute, jsonPostRoute } from '../http/route';
import type { Simulation } from '../sim/simulation';

/**
 * GET /api/limit/status and POST /api/limit/config (contract §9.1, §9.2); `limit_type` as
 * the played release encodes it (0/1/256/257, or 0..3 from v25.9.11).
 */
export const limitRoutes: FastifyPluginAsync<{ sim: Simulation }> = async (app, { sim }) => {
  deviceRoute(app, 'GET', '/api/limit/status', 'readonly', async (_request, reply) => {
    const body: LimitStatusMap = {};
    for (const { inverter } of sim.entries()) {
      body[inverter.serialText] = {
        limit_relative: inverter.limitRelative,
        max_power: inverter.maxPower,
        limit_set_status: inverter.limit.status,
      };
    }
    return sendJson(reply, body);
  });

  jsonPostRoute(app, '/api/limit/config', async (data, _request, reply) => {
    const serialText = member(data, 'serial');
    const value = member(data, 'limit_value');
    const type = member(data, 'limit_type') as number;
    if (!isString(serialText) || !isNumber(value) || !isIntegerAt(data, 'limit_type', 0, 0xffff)) {
      return sendJson(reply, VALUES_MISSING);
    }
    const serial = parseSerial(serialText);
    if (serial === 0)
      return sendJson(reply, warning('Serial must be a number > 0!', ResponseCode.LimitSerialZero));
    if (value > MAX_INVERTER_LIMIT) {
      return sendJson(
        reply,
        warning('Limit must between 0 and 2250!', ResponseCode.LimitInvalidLimit, {
          max: MAX_INVERTER_LIMIT,
        }),
      );
    }
    const kind = limitKindOf(app.device.release.limitScheme, type);
    if (!kind) return sendJson(reply, warning('Invalid type specified!', ResponseCode.LimitInvalidType));
    const entry = sim.find(serial);
    if (!entry)
      return sendJson(reply, warning('Invalid inverter specified!', ResponseCode.LimitInvalidInverter));
    const relative = !kind.absolute;
    // The device answers success even when it drops the command (commands disabled, night).
    if (entry.inverter.commandsEnabled && entry.inverter.radioReady) {
      entry.inverter.queue({ kind: 'limit', value: relative ? Math.min(100, value) : value, ...kind });
      app.device.console.line(
        `Set limit of ${entry.inverter.serialText.toUpperCase()} to ${value} ${relative ? '%' : 'W'}${kind.persistent ? ' (persistent)' : ''}`,
        'webapi',
      );
    }
    return sendJson(reply, SETTINGS_SAVED);
  });
};
