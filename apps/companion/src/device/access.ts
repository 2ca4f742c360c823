/**
 * The device's read-only rule, applied by this server to what it serves itself (live
 * frames, history, tickets): with "allow read-only access" on, anyone may read; with it
 * off, only a browser holding the admin credentials. Both facts come from the device and
 * are cached briefly, so a busy page costs the device about one request per 10 s:
 * - the rule, probed with a request that carries no credentials (401 means off);
 * - a browser's Authorization, checked with GET /api/security/authenticate.
 * When the device cannot be asked, the last answer stands; without one, access is refused.
 */
import { createHash } from 'node:crypto';
import type { DeviceLink } from './link';

export const ACCESS_CACHE_MS = 10_000;
const MAX_CACHED_CREDENTIALS = 64;

/** A read-only endpoint with a small answer: only its status matters. */
const PROBE_PATH = 'api/power/status';

interface Cached {
  value: boolean;
  at: number;
}

export class DeviceUnreachable extends Error {}

export class DeviceAccess {
  private readonly: Cached | undefined;
  private readonly credentials = new Map<string, Cached>();

  constructor(
    private readonly link: DeviceLink,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forget the rule (after a write to the security settings passed through). */
  invalidate(): void {
    this.readonly = undefined;
    this.credentials.clear();
  }

  /** The last known rule, without asking the device (undefined: never learnt). */
  get knownReadonly(): boolean | undefined {
    return this.readonly?.value;
  }

  async readonlyAllowed(): Promise<boolean> {
    if (this.readonly && this.now() - this.readonly.at < ACCESS_CACHE_MS) return this.readonly.value;
    try {
      const { status } = await this.link.get(PROBE_PATH, 'none');
      this.readonly = { value: status !== 401, at: this.now() };
    } catch (error) {
      if (!this.readonly) throw new DeviceUnreachable(String(error));
    }
    return this.readonly.value;
  }

  async validCredentials(authorization: string | undefined): Promise<boolean> {
    if (!authorization) return false;
    const key = createHash('sha256').update(authorization).digest('base64');
    const cached = this.credentials.get(key);
    if (cached && this.now() - cached.at < ACCESS_CACHE_MS) return cached.value;
    try {
      const { status } = await this.link.get('api/security/authenticate', { authorization });
      if (this.credentials.size >= MAX_CACHED_CREDENTIALS) this.credentials.clear();
      this.credentials.set(key, { value: status === 200, at: this.now() });
    } catch (error) {
      if (!cached) throw new DeviceUnreachable(String(error));
      return cached.value;
    }
    return this.credentials.get(key)!.value;
  }

  /** Whether a request with this Authorization may read what the device's rule protects. */
  async mayRead(authorization: string | undefined): Promise<boolean> {
    return (await this.readonlyAllowed()) || this.validCredentials(authorization);
  }
}
