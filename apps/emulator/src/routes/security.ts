import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ResponseCode, type SecurityConfig } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { byteLength } from '../config/fixed-strings';
import { asBool, asString, isBool, isString, member } from '../http/json-values';
import { SETTINGS_SAVED, VALUES_MISSING, sendJson, success, warning } from '../http/respond';
import { deviceRoute, jsonPostRoute, persist } from '../http/route';

/** Contract §2.1-2.3: credential check and the admin password / read-only access settings. */
export const securityRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;

  deviceRoute(app, 'GET', '/api/security/authenticate', 'admin', async (_request, reply) =>
    sendJson(reply, success('Authentication successful!', ResponseCode.SecurityAuthSuccess)),
  );

  deviceRoute(app, 'GET', '/api/security/config', 'admin', async (_request, reply) => {
    const { password, allow_readonly } = device.config.get().security;
    const body: SecurityConfig = { password, allow_readonly };
    return sendJson(reply, body);
  });

  jsonPostRoute(app, '/api/security/config', async (data) => {
    const password = member(data, 'password');
    const allowReadonly = member(data, 'allow_readonly');
    // The firmware's check is inverted-ish: it only fails for this one shape (contract §2.3).
    if (!isString(password) && isBool(allowReadonly)) return VALUES_MISSING;
    const text = asString(password);
    const length = byteLength(text);
    if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
      return warning('Password must between 8 and 64 characters long!', ResponseCode.SecurityPasswordLength, {
        max: PASSWORD_MAX_LENGTH,
      });
    }
    const security = device.config.get().security;
    security.password = text;
    security.allow_readonly = asBool(allowReadonly);
    return persist(device, 'security', SETTINGS_SAVED);
  });
};
