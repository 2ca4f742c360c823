import type { FastifyPluginAsync } from 'fastify';
import { deviceConfigRoutes } from './device-config';
import { dtuRoutes } from './dtu';
import { fileRoutes } from './files';
import { firmwareRoutes } from './firmware';
import { i18nRoutes } from './i18n';
import { inverterRoutes } from './inverter';
import { loggingRoutes } from './logging';
import { maintenanceRoutes } from './maintenance';
import { mqttRoutes } from './mqtt';
import { networkRoutes } from './network';
import { ntpRoutes } from './ntp';
import { securityRoutes } from './security';
import { systemRoutes } from './system';

/** Endpoints that configure or report on the device (contract sections 2-4, 7, 8, 9.9, 10). */
export const configApi: FastifyPluginAsync = async (app) => {
  for (const routes of [
    securityRoutes,
    systemRoutes,
    networkRoutes,
    ntpRoutes,
    mqttRoutes,
    dtuRoutes,
    deviceConfigRoutes,
    inverterRoutes,
    fileRoutes,
    firmwareRoutes,
    i18nRoutes,
    loggingRoutes,
    maintenanceRoutes,
  ])
    await app.register(routes);
};
