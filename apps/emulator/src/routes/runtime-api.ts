import type { FastifyPluginAsync } from 'fastify';

/** Live data, commands, inverter details and the sockets (contract sections 5, 6, 9, 12). */
export const runtimeApi: FastifyPluginAsync = async () => {};
