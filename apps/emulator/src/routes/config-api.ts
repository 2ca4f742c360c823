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
  await app.register(securityRoutes);
  await app.register(systemRoutes);
  await app.register(networkRoutes);
  await app.register(ntpRoutes);
  await app.register(mqttRoutes);
  await app.register(dtuRoutes);
  await app.register(deviceConfigRoutes);
  await app.register(inverterRoutes);
  await app.register(fileRoutes);
  await app.register(firmwareRoutes);
  await app.register(i18nRoutes);
  await app.register(loggingRoutes);
  await app.register(maintenanceRoutes);
};
