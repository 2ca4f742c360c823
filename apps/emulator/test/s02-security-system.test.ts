import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, getJson, postData, startTestDevice, type TestDevice } from './helpers';
import { until } from './socket-helpers';

let device: TestDevice;
beforeEach(async () => {
  device = await startTestDevice({ blank: true });
});
afterEach(async () => {
  await device.close();
});

describe('§2.1 GET /api/security/authenticate', () => {
  it('confirms valid credentials with 10002', async () => {
    const { body } = await getJson(device.app, '/api/security/authenticate');
    expect(body).toEqual({ type: 'success', message: 'Authentication successful!', code: 10002 });
  });
});

describe('§2.2/2.3 security config', () => {
  it('returns the password in clear text and allow_readonly', async () => {
    expect((await getJson(device.app, '/api/security/config')).body).toEqual({
      password: 'openDTU42',
      allow_readonly: true,
    });
  });

  it('fails 1005 only when password is not a string and allow_readonly is a bool', async () => {
    expect((await postData(device.app, '/api/security/config', { allow_readonly: true })).body.code).toBe(
      1005,
    );
    expect(
      (await postData(device.app, '/api/security/config', { password: 5, allow_readonly: false })).body.code,
    ).toBe(1005);
  });

  it('a missing password reads as "null" (4 chars) and fails the length check 10001', async () => {
    const { body } = await postData(device.app, '/api/security/config', {});
    expect(body).toEqual({
      type: 'warning',
      message: 'Password must between 8 and 64 characters long!',
      code: 10001,
      param: { max: 64 },
    });
    const long = await postData(device.app, '/api/security/config', {
      password: 'x'.repeat(65),
      allow_readonly: true,
    });
    expect(long.body.code).toBe(10001);
  });

  it('saves, a missing allow_readonly is false, and the new password applies to the next request', async () => {
    const { body } = await postData(device.app, '/api/security/config', { password: 'secret123' });
    expect(body).toEqual({ type: 'success', message: 'Settings saved!', code: 1001 });
    expect((await getJson(device.app, '/api/security/config')).status).toBe(401);
    const auth = { authorization: `Basic ${Buffer.from('admin:secret123').toString('base64')}` };
    expect((await getJson(device.app, '/api/security/config', auth)).body).toEqual({
      password: 'secret123',
      allow_readonly: false,
    });
  });

  it('reads a non-bool allow_readonly as bool (a string is true)', async () => {
    await postData(device.app, '/api/security/config', { password: 'openDTU42', allow_readonly: 'false' });
    expect((await getJson(device.app, '/api/security/config')).body.allow_readonly).toBe(true);
  });

  it('emits config-saved with the section', async () => {
    const sections: string[] = [];
    device.app.device.events.on('config-saved', (section) => sections.push(section));
    await postData(device.app, '/api/security/config', { password: 'openDTU42', allow_readonly: true });
    expect(sections).toEqual(['security']);
  });
});

describe('§2.4 GET /api/system/status', () => {
  it('reports the reference release, identity and radios', async () => {
    const { body } = await getJson(device.app, '/api/system/status', {});
    expect(body.git_hash).toBe('v25.4.10');
    expect(body.config_version).toBe('0.1.29');
    expect(body.hostname).toMatch(/^OpenDTU-[0-9A-F]{6}$/);
    expect(body.chipmodel).toBe('ESP32-D0WD-V3');
    expect(body.resetreason_0).toBe('Vbat power on reset');
    expect(body).toMatchObject({
      nrf_configured: true,
      nrf_connected: true,
      cmt_configured: true,
      cmt_connected: true,
    });
    expect(body.task_details.map((task: { name: string }) => task.name)).toEqual([
      'IDLE0',
      'IDLE1',
      'wifi',
      'tiT',
      'loopTask',
      'async_tcp',
    ]);
    expect(body.cfgsavecount).toBe(1);
    expect(body.littlefs_used).toBeGreaterThan(0);
    expect(body.littlefs_used).toBeLessThan(body.littlefs_total);
    expect(body.heap_used).toBeGreaterThan(100_000);
    expect(body.heap_used).toBeLessThan(body.heap_total);
    expect(Object.keys(body)).toEqual([
      'hostname',
      'sdkversion',
      'cpufreq',
      'cputemp',
      'heap_total',
      'heap_used',
      'heap_max_block',
      'heap_min_free',
      'psram_total',
      'psram_used',
      'sketch_total',
      'sketch_used',
      'littlefs_total',
      'littlefs_used',
      'chiprevision',
      'chipmodel',
      'chipcores',
      'flashsize',
      'task_details',
      'resetreason_0',
      'resetreason_1',
      'cfgsavecount',
      'config_version',
      'git_hash',
      'pioenv',
      'uptime',
      'nrf_configured',
      'nrf_connected',
      'nrf_pvariant',
      'cmt_configured',
      'cmt_connected',
    ]);
  });

  it('counts uptime from boot and reports a software reset after a restart', async () => {
    await until(async () => (await getJson(device.app, '/api/system/status')).body.uptime >= 1, 5000);
    await device.reboot();
    const { body } = await getJson(device.app, '/api/system/status');
    expect(body.uptime).toBe(0);
    expect(body.resetreason_0).toBe('Software reset CPU');
  });

  it('a failing radio is configured but not connected', async () => {
    const failing = await startTestDevice({ blank: true, failingRadios: { cmt: true } });
    const { body } = await getJson(failing.app, '/api/system/status');
    expect(body).toMatchObject({ cmt_configured: true, cmt_connected: false, nrf_connected: true });
    await failing.close();
  });
});

describe('§9.9 POST /api/maintenance/reboot', () => {
  it('1005 for a non-bool, 6002 for false, 6001 and a restart for true', async () => {
    expect((await postData(device.app, '/api/maintenance/reboot', { reboot: 1 })).body.code).toBe(1005);
    expect((await postData(device.app, '/api/maintenance/reboot', { reboot: false })).body).toEqual({
      type: 'warning',
      message: 'Reboot cancled!',
      code: 6002,
    });
    expect(device.restarts).toEqual([]);
    expect((await postData(device.app, '/api/maintenance/reboot', { reboot: true })).body).toEqual({
      type: 'success',
      message: 'Reboot triggered!',
      code: 6001,
    });
    expect(device.restarts).toHaveLength(1);
  });

  it('GET on the reboot path is the SPA fallback, not a reboot', async () => {
    const response = await device.app.inject({
      url: '/api/maintenance/reboot',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.headers['content-type']).toBe('text/html');
    expect(device.restarts).toEqual([]);
  });
});
