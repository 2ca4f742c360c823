import type { FastifyPluginAsync } from 'fastify';
import { systemRoutes } from './system';

/** Endpoints that configure or report on the device (contract sections 2-4, 7, 9.9, 10). */
export const configApi: FastifyPluginAsync = async (app) => {
  await app.register(systemRoutes);
};
