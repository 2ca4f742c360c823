/** Every route of the app (spec section 2). The first path segments must match the
 *  route roots listed in index.html, which computes the app's base URL from them. */
export const ROUTES = {
  home: '/',
  overview: '/overview',
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
  settingsLogging: '/settings/logging',
  settingsConfig: '/settings/config',
  firmwareUpgrade: '/firmware/upgrade',
  maintenanceReboot: '/maintenance/reboot',
  wait: '/wait',
} as const;

/** Routes only the companion build has (its server serves them; index.html learns the root there). */
export const COMPANION_ROUTES = {
  history: '/history',
  alerts: '/alerts',
  control: '/control',
  /** The plant page: every device the companion fronts (issue 33), in a shell of its own. */
  plant: '/plant',
  plantHistory: '/plant/history',
  /** The grid meter's settings and reading (issue 45). */
  meter: '/meter',
  /** The SunSpec Modbus server's unit map (issue 44), among the settings. */
  modbus: '/settings/modbus',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

/** The login route, asking to come back to `returnUrl` afterwards. */
export function loginPath(returnUrl: string): string {
  return `${ROUTES.login}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** The Error screen with the failure's message and status (spec §7), and the page to go back to. */
export function errorPath(message: string, status: number, from = ''): string {
  return `${ROUTES.error}?${new URLSearchParams({ message, status: String(status), from }).toString()}`;
}

/**
 * Only a path inside the app is followed after login: "/x" yes, "//host" or
 * "https://..." no (no open redirect through a crafted link).
 */
export function safeReturnUrl(value: string | null | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : ROUTES.home;
}
