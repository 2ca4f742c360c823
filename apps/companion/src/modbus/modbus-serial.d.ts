// modbus-serial's TCP server on its own, without the package's index (which would load the
// serial-port support this server never needs). Its types are the package's ServerTCP.d.ts.
declare module 'modbus-serial/servers/servertcp' {
  import type { ServerTCP } from 'modbus-serial/ServerTCP';
  const ServerTCPClass: typeof ServerTCP;
  export = ServerTCPClass;
}
