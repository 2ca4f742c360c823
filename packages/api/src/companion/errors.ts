/**
 * What every companion path answers instead when it refuses: 400 (bad query), 401 (not
 * allowed to read), 404 (no such inverter or path), 503 (the device does not answer, so
 * its access rule is unknown). Never a challenge header: no browser keeps a password.
 */
export interface CompanionError {
  message: string;
}
