/** GET/POST /api/security/config (contract §2.2, §2.3). The password is sent in clear. */
export interface SecurityConfig {
  password: string;
  allow_readonly: boolean;
}

/** The only user name the device knows. */
export const AUTH_USERNAME = 'admin';
/** Factory admin password; while it is set, `hints.default_password` is true. */
export const DEFAULT_PASSWORD = 'openDTU42';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
