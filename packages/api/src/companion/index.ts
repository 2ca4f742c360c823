/**
 * The companion server's own API (apps/companion), beside the device's: one file per area,
 * each holding the answers of that area's paths under /companion/api/. The server builds
 * values of these types and the web app reads them, so a change of shape fails the
 * typecheck of both. A new area (health, alerts, ...) is a new file here, exported below.
 */
export * from './errors';
export * from './info';
export * from './history';
export * from './ticket';
export * from './health';
export * from './alerts';
export * from './control';
export * from './plant';
export * from './plant-history';
export * from './plant-limit';
export * from './meter';
export * from './modbus';
