import {
  CMT_CHANNEL_WIDTH,
  CMT_COUNTRIES,
  CMT_PA_LEVEL_MAX,
  CMT_PA_LEVEL_MIN,
  formatSerial,
  parseSerial,
  ResponseCode,
  type DtuConfig,
} from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { isInt8At, isString, isUint32At, isUint8At, member } from '../http/json-values';
import { SETTINGS_SAVED, VALUES_MISSING, sendJson, warning } from '../http/respond';
import { deviceRoute, jsonPostRoute, persist } from '../http/route';

/** Contract §4.1-4.2: DTU serial, poll interval and the two radios' settings. */
export const dtuRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;

  deviceRoute(app, 'GET', '/api/dtu/config', 'admin', async (_request, reply) => {
    const { dtu } = device.config.get();
    const radios = device.radios();
    const body: DtuConfig = {
      serial: formatSerial(dtu.serial),
      pollinterval: dtu.poll_interval,
      nrf_enabled: radios.nrf.configured,
      nrf_palevel: dtu.nrf_pa_level,
      cmt_enabled: radios.cmt.configured,
      cmt_palevel: dtu.cmt_pa_level,
      cmt_frequency: dtu.cmt_frequency,
      cmt_country: dtu.cmt_country_mode,
      cmt_chan_width: CMT_CHANNEL_WIDTH,
      country_def: CMT_COUNTRIES.map((country) => ({ ...country })),
    };
    return sendJson(reply, body);
  });

  jsonPostRoute(app, '/api/dtu/config', async (data) => {
    const get = (key: string): unknown => member(data, key);
    const serialText = get('serial');
    if (
      !isString(serialText) ||
      !isUint32At(data, 'pollinterval') ||
      !isUint8At(data, 'nrf_palevel') ||
      !isInt8At(data, 'cmt_palevel') ||
      !isUint32At(data, 'cmt_frequency') ||
      !isUint8At(data, 'cmt_country')
    ) {
      return VALUES_MISSING;
    }
    // All checked integers from here on.
    const pollinterval = get('pollinterval') as number;
    const nrfPa = get('nrf_palevel') as number;
    const cmtPa = get('cmt_palevel') as number;
    const frequency = get('cmt_frequency') as number;
    const country = get('cmt_country') as number;
    const serial = parseSerial(serialText);
    if (serial === 0) return warning('Serial cannot be zero!', ResponseCode.DtuSerialZero);
    if (pollinterval === 0) return warning('Poll interval must be greater zero!', ResponseCode.DtuPollZero);
    if (nrfPa > 3) return warning('Invalid power level setting!', ResponseCode.DtuInvalidPowerLevel);
    if (cmtPa < CMT_PA_LEVEL_MIN || cmtPa > CMT_PA_LEVEL_MAX) {
      return warning('Invalid power level setting!', ResponseCode.DtuInvalidPowerLevel);
    }
    const band = CMT_COUNTRIES[country];
    if (!band) return warning('Invalid country setting!', ResponseCode.DtuInvalidCmtCountry);
    if (frequency < band.freq_min || frequency > band.freq_max || frequency % CMT_CHANNEL_WIDTH !== 0) {
      return warning('Invalid CMT frequency setting!', ResponseCode.DtuInvalidCmtFrequency, {
        min: band.freq_min,
        max: band.freq_max,
      });
    }
    Object.assign(device.config.get().dtu, {
      serial,
      poll_interval: pollinterval,
      nrf_pa_level: nrfPa,
      cmt_pa_level: cmtPa,
      cmt_frequency: frequency,
      cmt_country_mode: country,
    });
    return persist(device, 'dtu', SETTINGS_SAVED);
  });
};
