import { describe, expect, it } from 'vitest';
import { diffConfig, keepNetworkSettings, MASK } from '../src/features/config/config-diff';
import { checkRestoreFile } from '../src/features/config/restore-file';

describe('restore template checks', () => {
  it('config.json needs an object cfg', () => {
    expect(checkRestoreFile('config.json', '{"cfg":{"version":72960},"wifi":{}}').ok).toBe(true);
    expect(checkRestoreFile('config.json', '{"cfg":1}')).toEqual({ ok: false, error: 'InvalidJsonContent' });
    expect(checkRestoreFile('config.json', '{"wifi":{}}')).toEqual({
      ok: false,
      error: 'InvalidJsonContent',
    });
    expect(checkRestoreFile('config.json', '[{"cfg":{}}]').ok).toBe(true);
  });

  it('pin_mapping.json needs a string name, in the first element of an array', () => {
    expect(checkRestoreFile('pin_mapping.json', '[{"name":"board A"},{"x":1}]').ok).toBe(true);
    expect(checkRestoreFile('pin_mapping.json', '{"name":"board A"}').ok).toBe(true);
    expect(checkRestoreFile('pin_mapping.json', '[{"x":1},{"name":"board B"}]').ok).toBe(false);
    expect(checkRestoreFile('pin_mapping.json', '[{"name":5}]').ok).toBe(false);
    expect(checkRestoreFile('pin_mapping.json', '[]').ok).toBe(false);
  });

  it('a language pack needs an object meta', () => {
    expect(checkRestoreFile('pack.lang.json', '{"meta":{"code":"nl"},"webapp":{}}').ok).toBe(true);
    expect(checkRestoreFile('pack.lang.json', '{"meta":"nl"}').ok).toBe(false);
    expect(checkRestoreFile('pack.lang.json', '{"cfg":{}}').ok).toBe(false);
  });

  it('text that is not JSON is "formatted incorrectly", whatever the target', () => {
    for (const text of ['', '{"cfg":{}', 'cfg', '{"cfg":{}} trailing'])
      expect(checkRestoreFile('config.json', text)).toEqual({ ok: false, error: 'InvalidJson' });
    expect(checkRestoreFile('pack.lang.json', '{meta:{}}')).toEqual({ ok: false, error: 'InvalidJson' });
  });
});

describe('restore preview', () => {
  const current = {
    cfg: { version: 72960, save_count: 9 },
    wifi: { ssid: 'home', password: 'secret1', dhcp: true },
    mdns: { enabled: false },
    mqtt: { hostname: 'broker', lwt: { topic: 'dtu/status' } },
    inverters: [{ serial: 1, name: 'Roof' }],
  };
  const restored = {
    cfg: { version: 72960, save_count: 3 },
    wifi: { ssid: 'office', password: 'secret2', dhcp: true },
    mdns: { enabled: false },
    mqtt: { hostname: 'broker', lwt: { topic: 'dtu/state' }, port: 1884 },
    inverters: [{ serial: 1, name: 'Garage' }],
  };

  it('lists changed, added and removed values by section, with passwords masked', () => {
    expect(diffConfig(current, restored)).toEqual([
      {
        section: 'wifi',
        changes: [
          { path: 'ssid', before: '"home"', after: '"office"' },
          { path: 'password', before: MASK, after: MASK },
        ],
      },
      {
        section: 'mqtt',
        changes: [
          { path: 'lwt.topic', before: '"dtu/status"', after: '"dtu/state"' },
          { path: 'port', before: undefined, after: '1884' },
        ],
      },
      { section: 'inverters', changes: [{ path: '0.name', before: '"Roof"', after: '"Garage"' }] },
    ]);
    expect(diffConfig(restored, { cfg: {}, wifi: restored.wifi })).toContainEqual({
      section: 'mqtt',
      changes: [
        { path: 'hostname', before: '"broker"', after: undefined },
        { path: 'lwt.topic', before: '"dtu/state"', after: undefined },
        { path: 'port', before: '1884', after: undefined },
      ],
    });
  });

  it('an identical file changes nothing (the write counter does not count)', () => {
    expect(diffConfig(current, { ...current, cfg: { version: 72960, save_count: 1 } })).toEqual([]);
  });

  it('keeping the network settings takes wifi and mdns from the device, the rest from the file', () => {
    const kept = keepNetworkSettings(restored, current);
    expect(kept.wifi).toEqual(current.wifi);
    expect(kept.mdns).toEqual(current.mdns);
    expect(kept.mqtt).toEqual(restored.mqtt);
    expect(diffConfig(current, kept).map((s) => s.section)).toEqual(['mqtt', 'inverters']);
  });
});
