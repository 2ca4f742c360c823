/** Every route of the app (spec section 2). The first path segments must match the
 *  route roots listed in index.html, which computes the app's base URL from them. */
export const ROUTES = {
  home: '/',
  login: '/login',
  error: '/error',
  about: '/about',
  infoSystem: '/info/system',
  infoNetwork: '/info/network',
  infoNtp: '/info/ntp',
  infoMqtt: '/info/mqtt',
  infoConsole: '/info/console',
  settingsNetwork: '/settings/network',
  settingsNtp: '/settings/ntp',
  settingsMqtt: '/settings/mqtt',
  settingsInverter: '/settings/inverter',
  settingsSecurity: '/settings/security',
  settingsDtu: '/settings/dtu',
  settingsDevice: '/settings/device',
  settingsConfig: '/settings/config',
  firmwareUpgrade: '/firmware/upgrade',
  maintenanceReboot: '/maintenance/reboot',
  wait: '/wait',
} as const;
