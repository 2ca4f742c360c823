import { ResponseCode, type NtpConfig, type NtpStatus, type NtpTime } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { byteLength } from '../config/fixed-strings';
import type { Device } from '../device';
import { asString, isNumber, isString, isUint32At, isUint8At, member } from '../http/json-values';
import { SETTINGS_SAVED, VALUES_MISSING, sendJson, success, warning } from '../http/respond';
import { configGetRoute, deviceRoute, jsonPostRoute, persist } from '../http/route';
import { isDayPeriod, sunTimes, type SunsetType } from '../sim/sun';
import { formatDeviceTime } from '@opendtu/server-kit/posix-tz';
import { firmwareZones, resolveZone } from '../firmware/zones';

/** Sunrise/sunset as the NTP status shows them (contract §3.4, inverters.md §8.1). */
function sunInfo(
  device: Device,
): Pick<NtpStatus, 'sun_risetime' | 'sun_settime' | 'sun_isSunsetAvailable' | 'sun_isDayPeriod'> {
  // Without a valid time the device has no sun data: "--" and "day" (polling never stops).
  if (!device.time.synced()) {
    return { sun_risetime: '--', sun_settime: '--', sun_isSunsetAvailable: true, sun_isDayPeriod: true };
  }
  const { ntp } = device.config.get();
  const local = device.time.local();
  const date = { year: local.year, month: local.month, day: local.day };
  const times = sunTimes(date, ntp.latitude, ntp.longitude, local.utcOffset, ntp.sunsettype as SunsetType);
  if (times.sunrise === undefined || times.sunset === undefined) {
    return { sun_risetime: '--', sun_settime: '--', sun_isSunsetAvailable: false, sun_isDayPeriod: true };
  }
  const at = (minutes: number): string =>
    formatDeviceTime({
      ...date,
      weekday: local.weekday,
      hour: Math.floor(minutes / 60),
      minute: minutes % 60,
      second: 0,
    });
  return {
    sun_risetime: at(times.sunrise),
    sun_settime: at(times.sunset),
    sun_isSunsetAvailable: true,
    sun_isDayPeriod: isDayPeriod(local.hour * 60 + local.minute, times),
  };
}

const outside = (text: string, max: number): boolean => byteLength(text) === 0 || byteLength(text) > max;

/** The device's answer to a server name it refuses (every release checks it the same way). */
const serverProblem = (server: string) =>
  outside(server, 31)
    ? warning('NTP Server must between 1 and 31 characters long!', ResponseCode.NtpServerLength, { max: 31 })
    : undefined;

/** The device's answer to a zone name it refuses. */
const descrProblem = (descr: string) =>
  outside(descr, 50)
    ? warning(
        'Timezone description must between 1 and 50 characters long!',
        ResponseCode.NtpTimezoneDescriptionLength,
        { max: 50 },
      )
    : undefined;

const TIME_CHECKS = [
  ['year', 2022, 2100, 'Year must be a number between 2022 and 2100!', ResponseCode.NtpYearInvalid],
  ['month', 1, 12, 'Month must be a number between 1 and 12!', ResponseCode.NtpMonthInvalid],
  ['day', 1, 31, 'Day must be a number between 1 and 31!', ResponseCode.NtpDayInvalid],
  ['hour', 0, 23, 'Hour must be a number between 0 and 23!', ResponseCode.NtpHourInvalid],
  ['minute', 0, 59, 'Minute must be a number between 0 and 59!', ResponseCode.NtpMinuteInvalid],
  ['second', 0, 59, 'Second must be a number between 0 and 59!', ResponseCode.NtpSecondInvalid],
] as const;

/**
 * Contract §3.4-3.8: NTP settings, status with sun times, reading and setting the clock.
 * A release whose zones come from the API (v26.3.28) also serves the list, stores only
 * the zone's name and resolves its rule itself: `ntp_timezone` leaves its settings.
 */
export const ntpRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;
  const namesOnly = device.release.zoneSource === 'api';

  if (namesOnly) {
    deviceRoute(app, 'GET', '/api/ntp/zones', 'readonly', async (_request, reply) =>
      sendJson(reply, firmwareZones()),
    );
  }

  configGetRoute(app, '/api/ntp/status', 'readonly', ({ ntp }): NtpStatus => ({
    ntp_server: ntp.server,
    ntp_timezone: ntp.timezone,
    ntp_timezone_descr: ntp.timezone_descr,
    ntp_status: device.time.synced(),
    ntp_localtime: formatDeviceTime(device.time.local()),
    ...sunInfo(device),
  }));

  configGetRoute(app, '/api/ntp/config', 'admin', ({ ntp }): NtpConfig => ({
    ntp_server: ntp.server,
    ...(!namesOnly && { ntp_timezone: ntp.timezone }),
    ntp_timezone_descr: ntp.timezone_descr,
    longitude: ntp.longitude,
    latitude: ntp.latitude,
    sunsettype: ntp.sunsettype,
  }));

  jsonPostRoute(app, '/api/ntp/config', async (data) => {
    if (namesOnly) return saveZoneByName(device, data);
    const place = placeFields(data);
    const timezone = member(data, 'ntp_timezone');
    if (!place || !isString(timezone)) return VALUES_MISSING;
    // Not presence-checked: a missing description is stored as the text "null".
    const descr = asString(member(data, 'ntp_timezone_descr'));
    const refused =
      serverProblem(place.server) ??
      (outside(timezone, 50)
        ? warning('Timezone must between 1 and 50 characters long!', ResponseCode.NtpTimezoneLength, {
            max: 50,
          })
        : descrProblem(descr));
    if (refused) return refused;
    Object.assign(device.config.get().ntp, { ...place, timezone, timezone_descr: descr });
    return persist(device, 'ntp', SETTINGS_SAVED);
  });

  deviceRoute(app, 'GET', '/api/ntp/time', 'admin', async (_request, reply) => {
    const local = device.time.local();
    const body: NtpTime = {
      ntp_status: device.time.synced(),
      year: local.year,
      month: local.month,
      day: local.day,
      hour: local.hour,
      minute: local.minute,
      second: local.second,
    };
    return sendJson(reply, body);
  });

  jsonPostRoute(app, '/api/ntp/time', async (data) => {
    if (!TIME_CHECKS.every(([key]) => isUint32At(data, key))) return VALUES_MISSING;
    const parts = Object.fromEntries(
      TIME_CHECKS.map(([key]) => [key, member(data, key) as number]),
    ) as Record<(typeof TIME_CHECKS)[number][0], number>;
    for (const [key, min, max, message, code] of TIME_CHECKS) {
      if (parts[key] < min || parts[key] > max) return warning(message, code, { min, max });
    }
    device.time.setLocal(parts);
    device.console.line(`Time updated: ${formatDeviceTime(device.time.local())}`, 'NTP');
    return success('Time updated!', ResponseCode.NtpTimeUpdated);
  });
};

/** The server and the place both forms of POST /api/ntp/config require; undefined when one is missing. */
function placeFields(data: unknown) {
  const server = member(data, 'ntp_server');
  const longitude = member(data, 'longitude');
  const latitude = member(data, 'latitude');
  if (!isString(server) || !isNumber(longitude) || !isNumber(latitude) || !isUint8At(data, 'sunsettype'))
    return undefined;
  return { server, latitude, longitude, sunsettype: member(data, 'sunsettype') as number };
}

/**
 * POST /api/ntp/config from v26.3.28: the name is required instead of the rule, which is
 * ignored; an unknown name is stored all the same and leaves the device without a zone
 * (UTC; the firmware keeps the old rule until its next restart). 9002 is never sent.
 */
function saveZoneByName(device: Device, data: unknown) {
  const place = placeFields(data);
  const descr = member(data, 'ntp_timezone_descr');
  if (!place || !isString(descr)) return VALUES_MISSING;
  const refused = serverProblem(place.server) ?? descrProblem(descr);
  if (refused) return refused;
  Object.assign(device.config.get().ntp, {
    ...place,
    timezone: resolveZone(descr) ?? '',
    timezone_descr: descr,
  });
  return persist(device, 'ntp', SETTINGS_SAVED);
}
