import {
  familyOf,
  formatSerial,
  INV_MAX_CHAN_COUNT,
  INV_MAX_COUNT,
  INVERTER_FLAG_DEFAULTS,
  INVERTER_NAME_MAX_LENGTH,
  parseSerial,
  ResponseCode,
  UNKNOWN_INVERTER_TYPE,
  type ConfigInverter,
  type InverterFlags,
  type InverterListEntry,
} from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { emptyInverterSlot } from '../config/defaults';
import { byteLength, truncateBytes } from '../config/fixed-strings';
import {
  asFloat,
  asUint16,
  asUint8,
  isBool,
  isString,
  isUint32At,
  isUint8At,
  member,
} from '../http/json-values';
import { VALUES_MISSING, sendJson, success, warning } from '../http/respond';
import { deviceRoute, jsonPostRoute, persist } from '../http/route';

const SERIAL_ZERO = warning('Serial must be a number > 0!', ResponseCode.InverterSerialZero);
const NAME_LENGTH = warning('Name must between 1 and 31 characters long!', ResponseCode.InverterNameLength, {
  max: INVERTER_NAME_MAX_LENGTH,
});
const INVALID_ID = warning('Invalid ID specified!', ResponseCode.InverterInvalidId);

function nameLengthInvalid(name: string): boolean {
  const length = byteLength(name);
  return length === 0 || length > INVERTER_NAME_MAX_LENGTH;
}

/** Optional edit flags: missing or of the wrong type → the default (`field | default`). */
function readFlags(data: unknown): InverterFlags {
  const flags = { ...INVERTER_FLAG_DEFAULTS };
  for (const key of Object.keys(flags) as (keyof InverterFlags)[]) {
    const value = member(data, key);
    if (key === 'reachable_threshold') {
      // The default is an `unsigned int`, so any such integer is taken, and then kept in
      // the setting's single byte (300 becomes 44).
      if (isUint32At(data, key)) flags.reachable_threshold = (value as number) % 256;
    } else if (isBool(value)) {
      flags[key] = value;
    }
  }
  return flags;
}

/**
 * The runtime's inverter objects by serial, counted: adding the same serial twice (there
 * is no duplicate check) makes two, and removing by serial takes one away. Only serials
 * of a known family get an object (contract §4.6-4.8, §5.1).
 */
class RuntimeInverters {
  private readonly counts = new Map<number, number>();

  has(serial: number): boolean {
    return (this.counts.get(serial) ?? 0) > 0;
  }

  add(serial: number): void {
    if (familyOf(serial)) this.counts.set(serial, (this.counts.get(serial) ?? 0) + 1);
  }

  remove(serial: number): void {
    const count = this.counts.get(serial) ?? 0;
    if (count > 1) this.counts.set(serial, count - 1);
    else this.counts.delete(serial);
  }
}

/** Contract §4.5-4.10: the ten inverter slots. */
export const inverterRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;
  // Which serials the runtime has inverter objects for: at boot only with a configured
  // radio; inverters added or edited through the API always (contract §5.1, §15 #21).
  // Boot is when every plugin has run: the runtime fills a first boot's demo inverters
  // after these routes are registered.
  const instantiated = new RuntimeInverters();
  app.addHook('onReady', async () => {
    const radios = device.radios();
    if (!radios.nrf.configured && !radios.cmt.configured) return;
    for (const slot of device.config.get().inverters) if (slot.serial !== 0) instantiated.add(slot.serial);
  });

  const typeOf = (slot: ConfigInverter): string => {
    const family = familyOf(slot.serial);
    return family && instantiated.has(slot.serial) ? family.type : UNKNOWN_INVERTER_TYPE;
  };

  deviceRoute(app, 'GET', '/api/inverter/list', 'admin', async (_request, reply) => {
    const inverter: InverterListEntry[] = [];
    device.config.get().inverters.forEach((slot, id) => {
      if (slot.serial === 0) return;
      const type = typeOf(slot);
      const channels =
        type === UNKNOWN_INVERTER_TYPE ? INV_MAX_CHAN_COUNT : (familyOf(slot.serial)?.dcInputs ?? 6);
      inverter.push({
        id,
        name: slot.name,
        order: slot.order,
        serial: formatSerial(slot.serial),
        poll_enable: slot.poll_enable,
        poll_enable_night: slot.poll_enable_night,
        command_enable: slot.command_enable,
        command_enable_night: slot.command_enable_night,
        reachable_threshold: slot.reachable_threshold,
        zero_runtime: slot.zero_runtime,
        zero_day: slot.zero_day,
        clear_eventlog: slot.clear_eventlog,
        yieldday_correction: slot.yieldday_correction,
        type,
        channel: slot.channel.slice(0, channels).map((c) => ({ ...c })),
      });
    });
    return sendJson(reply, { inverter });
  });

  jsonPostRoute(app, '/api/inverter/add', async (data) => {
    const serialText = member(data, 'serial');
    const name = member(data, 'name');
    if (!isString(serialText) || !isString(name)) return VALUES_MISSING;
    const serial = parseSerial(serialText);
    if (serial === 0) return SERIAL_ZERO;
    if (nameLengthInvalid(name)) return NAME_LENGTH;
    const slots = device.config.get().inverters;
    const slot = slots.find((candidate) => candidate.serial === 0);
    if (!slot) {
      return warning('Only 10 inverters are supported!', ResponseCode.InverterCount, { max: INV_MAX_COUNT });
    }
    slot.serial = serial;
    slot.name = name;
    instantiated.add(serial);
    return persist(device, 'inverters', success('Inverter created!', ResponseCode.InverterAdded));
  });

  jsonPostRoute(app, '/api/inverter/edit', async (data) => {
    const id = member(data, 'id');
    const serialText = member(data, 'serial');
    const name = member(data, 'name');
    const channels = member(data, 'channel');
    if (!isUint8At(data, 'id') || !isString(serialText) || !isString(name) || !Array.isArray(channels))
      return VALUES_MISSING;
    if ((id as number) >= INV_MAX_COUNT) return INVALID_ID;
    const serial = parseSerial(serialText);
    if (serial === 0) return SERIAL_ZERO;
    if (nameLengthInvalid(name)) return NAME_LENGTH;
    if (channels.length === 0 || channels.length > INV_MAX_CHAN_COUNT) {
      return warning('Invalid amount of max channel setting given!', ResponseCode.InverterInvalidMaxChannel);
    }
    const slot = device.config.get().inverters[id as number];
    if (!slot) return INVALID_ID;
    const oldSerial = slot.serial;
    Object.assign(slot, { serial, name }, readFlags(data));
    channels.forEach((channel: unknown, index) => {
      const target = slot.channel[index];
      if (!target) return;
      target.max_power = asUint16(member(channel, 'max_power'));
      target.yield_total_offset = asFloat(member(channel, 'yield_total_offset'));
      // Read as `name | ""`: a name that is not a string is stored empty. The buffer holds
      // 31 bytes without a guaranteed terminator, so 30 characters survive (§14).
      const channelName = member(channel, 'name');
      target.name = isString(channelName) ? truncateBytes(channelName, 30) : '';
    });
    // A running inverter keeps its object under the same serial, is replaced under a new
    // one; without one, the edit creates it (contract §4.7 step 8).
    if (!instantiated.has(oldSerial)) instantiated.add(serial);
    else if (oldSerial !== serial) {
      instantiated.remove(oldSerial);
      instantiated.add(serial);
    }
    return persist(device, 'inverters', success('Inverter changed!', ResponseCode.InverterChanged));
  });

  jsonPostRoute(app, '/api/inverter/del', async (data) => {
    if (!isUint8At(data, 'id')) return VALUES_MISSING;
    const id = member(data, 'id') as number;
    if (id >= INV_MAX_COUNT) return INVALID_ID;
    const slots = device.config.get().inverters;
    const old = slots[id];
    if (!old) return INVALID_ID;
    instantiated.remove(old.serial);
    // Deleting does not reset clear_eventlog (contract §4.8).
    slots[id] = { ...emptyInverterSlot(), clear_eventlog: old.clear_eventlog };
    return persist(device, 'inverters', success('Inverter deleted!', ResponseCode.InverterDeleted));
  });

  jsonPostRoute(app, '/api/inverter/order', async (data) => {
    const order = member(data, 'order');
    if (!Array.isArray(order)) return VALUES_MISSING;
    const slots = device.config.get().inverters;
    order.forEach((value: unknown, position) => {
      const id = asUint8(value);
      const slot = slots[id];
      // The firmware counts positions in a byte: the 257th entry is position 0 again.
      if (id < INV_MAX_COUNT && slot) slot.order = position % 256;
    });
    return persist(device, 'inverters', success('Inverter order saved!', ResponseCode.InverterOrdered));
  });

  deviceRoute(app, 'GET', '/api/inverter/stats_reset', 'admin', async (request, reply) => {
    const inv = (request.query as Record<string, unknown>).inv;
    const serial = typeof inv === 'string' ? parseSerial(inv) : 0;
    if (serial === 0 || !instantiated.has(serial)) return sendJson(reply, {});
    device.events.emit('stats-reset', serial);
    return sendJson(reply, success('Stats resetted', ResponseCode.InverterStatsResetted));
  });
};
