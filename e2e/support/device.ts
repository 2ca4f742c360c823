import type { ApiResponse } from '@opendtu/api';

export const ADMIN = { username: 'admin', password: 'openDTU42' } as const;

export function basicAuth(password: string = ADMIN.password, username: string = ADMIN.username): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/**
 * The device's API as a test sets it up: admin calls the way the web app makes them
 * (`data` form field, X-Requested-With), and waiting out a restart. Tests arrange state
 * with it, then check what the user sees in the browser.
 */
export class DeviceClient {
  readonly url: string;
  password: string;

  constructor(url: string, password: string = ADMIN.password) {
    this.url = url;
    this.password = password;
  }

  private headers(): Record<string, string> {
    return { Authorization: basicAuth(this.password), 'X-Requested-With': 'XMLHttpRequest' };
  }

  async get<T>(path: string): Promise<T> {
    const response = await fetch(new URL(path, this.url), { headers: this.headers() });
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
    return (await response.json()) as T;
  }

  /** POSTs `data` and insists on a success answer, so a broken setup fails loudly. */
  async post(path: string, data: unknown): Promise<ApiResponse> {
    const body = new FormData();
    body.append('data', JSON.stringify(data));
    const response = await fetch(new URL(path, this.url), { method: 'POST', headers: this.headers(), body });
    const answer = (await response.json()) as ApiResponse;
    if (answer.type !== 'success') throw new Error(`POST ${path}: ${JSON.stringify(answer)}`);
    return answer;
  }

  /** Changes the admin password; later calls use the new one. */
  async setSecurity(password: string, allowReadonly: boolean): Promise<void> {
    await this.post('api/security/config', { password, allow_readonly: allowReadonly });
    this.password = password;
  }

  /** Uploads a file as the restore card does; the device restarts afterwards. */
  async upload(name: string, content: string | Uint8Array<ArrayBuffer>): Promise<void> {
    const body = new FormData();
    body.append('config', new Blob([content]), name);
    const response = await fetch(new URL(`api/file/upload?file=${encodeURIComponent(name)}`, this.url), {
      method: 'POST',
      headers: this.headers(),
      body,
    });
    if (response.status !== 200) throw new Error(`upload ${name}: HTTP ${response.status}`);
  }

  async isUp(): Promise<boolean> {
    try {
      const response = await fetch(new URL('api/system/status', this.url), {
        headers: this.headers(),
        signal: AbortSignal.timeout(1000),
      });
      return response.ok;
    } catch {
      return false;
    }
  }

  /** Resolves once the device has gone away and answers again. */
  async waitForRestart(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const until = async (wanted: boolean): Promise<void> => {
      while ((await this.isUp()) !== wanted) {
        if (Date.now() > deadline) throw new Error(`device did not ${wanted ? 'come back' : 'go down'}`);
        await new Promise((done) => setTimeout(done, 100));
      }
    };
    await until(false);
    await until(true);
  }
}
