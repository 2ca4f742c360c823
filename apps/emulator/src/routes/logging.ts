import { LOG_MODULE_COUNT } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { asInteger, isString, member } from '../http/json-values';
import { SETTINGS_SAVED, sendJson } from '../http/respond';
import { deviceRoute, jsonPostRoute, persist } from '../http/route';

/** ESP-IDF levels: 0 none, 1 error, 2 warning, 3 info, 4 debug, 5 verbose; -1 inherits the default. */
const clamp = (value: unknown, min: number): number =>
  Math.max(min, Math.min(5, asInteger(value, -128, 127)));

/**
 * GET/POST /api/logging/config (v25.5.10, `logging`): the default log level and one per
 * module of the release's list. The POST has no presence check: a missing default reads
 * as 0 (none), and the modules sent replace every stored one (unknown names and -1 are
 * dropped), so a client must send back the whole object it read.
 */
export const loggingRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;
  if (!device.release.logging) return;
  const names = device.release.logModules;

  deviceRoute(app, 'GET', '/api/logging/config', 'admin', async (_request, reply) => {
    const logging = device.config.get().logging;
    const stored = new Map(logging?.modules.map((module) => [module.name, module.level]));
    return sendJson(reply, {
      loglevel: {
        default: logging?.default ?? 1,
        modules: names.map((name) => ({ name, level: stored.get(name) ?? -1 })),
      },
    });
  });

  jsonPostRoute(app, '/api/logging/config', async (data) => {
    const loglevel = member(data, 'loglevel');
    const sent = member(loglevel, 'modules');
    const modules = (Array.isArray(sent) ? sent : [])
      .map((module: unknown) => ({ name: member(module, 'name'), level: clamp(member(module, 'level'), -1) }))
      .filter((module): module is { name: string; level: number } => {
        return isString(module.name) && names.includes(module.name) && module.level >= 0;
      })
      .slice(0, LOG_MODULE_COUNT);
    device.config.get().logging = {
      default: clamp(member(loglevel, 'default'), 0),
      modules: Array.from(
        { length: LOG_MODULE_COUNT },
        (_unused, index) => modules[index] ?? { level: 0, name: '' },
      ),
    };
    device.console.line(`Set default log level: ${device.config.get().logging?.default}`, 'logging', 'D');
    return persist(device, 'logging', SETTINGS_SAVED);
  });
};
