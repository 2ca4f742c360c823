/**
 * The Modbus server's options (`--modbus [host:]port`, `--modbus-write on|off`, as
 * OPENDTU_MODBUS... in the environment or `modbus = ...` in the config file), one area of
 * config/areas.ts. Off without `--modbus`; read-only unless `--modbus-write on`. Errors are
 * ConfigErrors naming the option as its author wrote it.
 */
import type { OptionReader } from '../config/areas';
import { ConfigError } from '../config/config-error';

export const MODBUS_OPTIONS = {
  modbus: 'string',
  'modbus-write': 'string',
} as const;

export type ModbusOptionName = keyof typeof MODBUS_OPTIONS;

export const MODBUS_USAGE = `  --modbus <[host:]port>  serve every inverter and the plant as SunSpec inverters over
                      Modbus TCP (Victron GX, evcc, Home Assistant): the plant at unit 126,
                      each inverter at its own (kept in the data folder); 502 is Modbus's
                      port (needs CAP_NET_BIND_SERVICE), 1502 works unprivileged (off without it)
  --modbus-write <on|off>  on: clients may limit the inverters and the plant through
                      SunSpec model 123 (non-persistent limits, given back when released or
                      when the client's revert time passes); off: read-only (default off)`;

export interface ModbusOptions {
  host: string;
  port: number;
  write: boolean;
}

const ON = ['on', 'true', 'yes', '1'];
const OFF = ['off', 'false', 'no', '0'];

/** `[host:]port`: a port alone binds every network; IPv6 hosts stand in brackets. */
function listenOf(where: string, text: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]:|([^:[\]]+):)?(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[3]);
  if (!match || !Number.isInteger(port) || port < 1 || port > 65535)
    throw new ConfigError(
      `${where} must be a port (1502) or host:port (192.168.1.10:502), from 1 to 65535, got "${text}"`,
    );
  return { host: match[1] ?? match[2] ?? '0.0.0.0', port };
}

export function parseModbusOptions(
  where: (name: ModbusOptionName) => string,
  text: (name: ModbusOptionName) => string | undefined,
): ModbusOptions | undefined {
  const listen = text('modbus');
  const write = text('modbus-write');
  let writes = false;
  if (write !== undefined) {
    const value = write.trim().toLowerCase();
    if (!ON.includes(value) && !OFF.includes(value))
      throw new ConfigError(`${where('modbus-write')} must be on or off, got "${write}"`);
    writes = ON.includes(value);
  }
  if (listen === undefined) {
    if (writes) throw new ConfigError(`${where('modbus-write')} needs --modbus (the port to serve on)`);
    return undefined;
  }
  return { ...listenOf(where('modbus'), listen), write: writes };
}

export function readModbusOptions({ where, text }: OptionReader<ModbusOptionName>) {
  return {
    /** The SunSpec Modbus TCP server (--modbus, --modbus-write); undefined: off. */
    modbus: parseModbusOptions(where, text),
  };
}
