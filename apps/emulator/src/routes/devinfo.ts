import { modelFromPartNumber, pdlSupported, type DevInfoResponse } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { sendJson } from '../http/respond';
import { deviceRoute } from '../http/route';
import type { Simulation } from '../sim/simulation';
import { invParam } from './livedata';

/** GET /api/devinfo/status?inv= (contract §9.5). */
export const devinfoRoutes: FastifyPluginAsync<{ sim: Simulation }> = async (app, { sim }) => {
  deviceRoute(app, 'GET', '/api/devinfo/status', 'readonly', async (request, reply) => {
    const entry = sim.find(invParam(request.query));
    if (!entry) return sendJson(reply, {});
    const { inverter } = entry;
    const { spec } = inverter;
    // Before the inverter answered, the device prints its zero-filled buffers.
    const valid = inverter.devInfoValid;
    const model = modelFromPartNumber(valid ? spec.partNumber : 0);
    const body: DevInfoResponse = {
      valid_data: valid,
      fw_bootloader_version: valid ? spec.bootloaderVersion : 0,
      fw_build_version: valid ? spec.fwBuildVersion : 0,
      hw_part_number: valid ? spec.partNumber : 0,
      hw_version: valid ? spec.hwVersion : '00.00',
      hw_model_name: model.model,
      max_power: model.maxPower,
      fw_build_datetime: valid ? spec.fwBuildDateTime : '1970-01-01 00:00:00',
      pdl_supported: valid && pdlSupported(inverter.family, spec.fwBuildVersion),
    };
    // Reported from v25.1.14 on; the release table marks that span with `dataAgeMs`.
    if (!app.device.release.dataAgeMs) delete (body as Partial<DevInfoResponse>).pdl_supported;
    return sendJson(reply, body);
  });
};
