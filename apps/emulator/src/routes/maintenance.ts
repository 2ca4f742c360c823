import { ResponseCode } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { isBool, member } from '../http/json-values';
import { VALUES_MISSING, success, warning } from '../http/respond';
import { jsonPostRoute } from '../http/route';

/** Contract §9.9: reboot on request, answered before the restart (~1 s later). */
export const maintenanceRoutes: FastifyPluginAsync = async (app) => {
  jsonPostRoute(app, '/api/maintenance/reboot', async (data) => {
    const reboot = member(data, 'reboot');
    if (!isBool(reboot)) return VALUES_MISSING;
    if (!reboot) return warning('Reboot cancled!', ResponseCode.MaintenanceRebootCancled);
    app.device.console.line('Restarting by user request', 'webapi', 'W');
    app.device.restart('reboot requested');
    return success('Reboot triggered!', ResponseCode.MaintenanceRebootTriggered);
  });
};
