import { DISPLAY_LANGUAGES, LED_COUNT, ResponseCode, type DeviceConfig } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { byteLength, truncateBytes } from '../config/fixed-strings';
import { asBool, asString, asUint32, asUint8, isObject, member } from '../http/json-values';
import { SETTINGS_SAVED, VALUES_MISSING, sendJson, warning } from '../http/respond';
import { deviceRoute, jsonPostRoute, persist } from '../http/route';

/**
 * Contract §4.3-4.4: pin mapping selection, display and LED settings. Before v24.11.7
 * (no `i18nApi`) the display language is `language`, 0 en, 1 de, 2 fr, not `locale`.
 */
export const deviceConfigRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;
  const byIndex = !device.release.i18nApi;
  const languageOf = (locale: string): number =>
    Math.max(0, DISPLAY_LANGUAGES.indexOf(locale as (typeof DISPLAY_LANGUAGES)[number]));

  deviceRoute(app, 'GET', '/api/device/config', 'admin', async (_request, reply) => {
    const config = device.config.get().device;
    // The pins are those chosen at boot; a new selection applies after the restart it causes.
    const pins = device.pinMapping.pins;
    const body: DeviceConfig = {
      curPin: { name: config.pinmapping, ...structuredClone(pins) },
      display: {
        rotation: config.display.rotation,
        power_safe: config.display.powersafe,
        screensaver: config.display.screensaver,
        contrast: config.display.contrast,
        ...(byIndex ? { language: languageOf(config.display.locale) } : { locale: config.display.locale }),
        diagramduration: config.display.diagram_duration,
        diagrammode: config.display.diagram_mode,
        // The older firmware's shape has no `locale`; the type describes v24.11.7 on.
      } as DeviceConfig['display'],
      led: config.led.map((led) => ({ brightness: led.brightness })),
    };
    return sendJson(reply, body);
  });

  jsonPostRoute(app, '/api/device/config', async (data) => {
    const curPin = member(data, 'curPin');
    const display = member(data, 'display');
    if (!isObject(curPin) && !isObject(display)) return VALUES_MISSING;
    // Not presence-checked: a missing name reads as "null" and passes the length check.
    const name = asString(member(curPin, 'name'));
    if (byteLength(name) === 0 || byteLength(name) > 63) {
      return warning(
        'Pin mapping must between 1 and 63 characters long!',
        ResponseCode.HardwarePinMappingLength,
        {
          max: 63,
        },
      );
    }
    const config = device.config.get().device;
    const changedMapping = name !== config.pinmapping;
    const field = (key: string): unknown => member(display, key);
    config.pinmapping = truncateBytes(name, 63);
    config.display = {
      rotation: asUint8(field('rotation')),
      powersafe: asBool(field('power_safe')),
      screensaver: asBool(field('screensaver')),
      contrast: asUint8(field('contrast')),
      // A 3-byte buffer: two bytes of UTF-8 and the terminator.
      locale: byIndex
        ? (DISPLAY_LANGUAGES[asUint8(field('language'))] ?? 'en')
        : truncateBytes(asString(field('locale')), 2),
      diagram_duration: asUint32(field('diagramduration')),
      diagram_mode: asUint8(field('diagrammode')),
    };
    const leds = member(data, 'led');
    config.led = Array.from({ length: LED_COUNT }, (_unused, index) => ({
      brightness: Math.min(100, asUint8(member(Array.isArray(leds) ? leds[index] : undefined, 'brightness'))),
    }));
    const answer = await persist(device, 'device', SETTINGS_SAVED);
    // A new pin mapping is read at boot only, so the firmware restarts to apply it.
    if (changedMapping && answer === SETTINGS_SAVED) device.restart('pin mapping changed');
    return answer;
  });
};
