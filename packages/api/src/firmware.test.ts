import { describe, expect, it } from 'vitest';
import { compareVersions, detectFirmware, RELEASES, releaseFor, type ProbeAnswers } from './firmware';

// The clues of GET /api/system/status as each release sends them (firmware-versions.md C).
const STATUS = {
  'v24.10.15': { git_hash: 'v24.10.15', config_version: '0.1.28' },
  'v25.4.10': { git_hash: 'v25.4.10', config_version: '0.1.29' },
  'v25.9.11': { git_hash: 'v25.9.11', config_version: '0.1.30', git_branch: 'master' },
  'v26.3.30': { git_hash: 'v26.3.30', config_version: '0.1.30', git_branch: 'master' },
};

describe('the release table', () => {
  it('orders versions numerically', () => {
    expect(compareVersions('v25.10.1', 'v25.9.11')).toBeGreaterThan(0);
    expect(compareVersions('v24.10.15', 'v24.2.12')).toBeGreaterThan(0);
    expect(compareVersions('v25.4.10', 'v25.4.10-3-gabc1234')).toBe(0);
    const versions = RELEASES.map((release) => release.version);
    expect([...versions].sort(compareVersions)).toEqual(versions);
  });

  it('gives each release the behaviour of the last change before it', () => {
    expect(releaseFor('v24.10.15')?.version).toBe('v24.10.2');
    expect(releaseFor('v25.4.10')?.version).toBe('v25.4.2');
    expect(releaseFor('v24.1.4')).toBeUndefined();
  });
});

describe('detection from the status answer of each release', () => {
  it('v24.10.15: /api/config/*, no i18n, 256-limits, static zones, CRLF console, open sockets', () => {
    const firmware = detectFirmware(STATUS['v24.10.15']);
    expect(firmware.known).toBe(true);
    expect(firmware.probes).toEqual([]);
    expect(firmware.capabilities).toEqual({
      limitScheme: 'hm256',
      zoneSource: 'static',
      fileApi: 'config',
      i18nApi: false,
      liveFormat: 'current',
      dataAgeMs: false,
      consoleFormat: 'crlf',
      logging: false,
      syslog: false,
      gitBranch: false,
      socketAuth: 'open',
    });
  });

  it('v25.4.10: the contract the app was written for', () => {
    const { known, capabilities } = detectFirmware(STATUS['v25.4.10']);
    expect(known).toBe(true);
    expect(capabilities).toMatchObject({
      fileApi: 'file',
      i18nApi: true,
      dataAgeMs: true,
      limitScheme: 'hm256',
    });
    expect(capabilities).toMatchObject({ logging: false, syslog: false, consoleFormat: 'crlf' });
  });

  it('v25.9.11: index limits, logging, syslog, ESP-IDF console', () => {
    const { known, capabilities } = detectFirmware(STATUS['v25.9.11']);
    expect(known).toBe(true);
    expect(capabilities).toMatchObject({
      limitScheme: 'index',
      logging: true,
      syslog: true,
      consoleFormat: 'esp',
    });
    expect(capabilities).toMatchObject({ zoneSource: 'static', socketAuth: 'open' });
  });

  it('v26.3.30: zones from the API, Digest on the sockets', () => {
    const { known, capabilities } = detectFirmware(STATUS['v26.3.30']);
    expect(known).toBe(true);
    expect(capabilities).toMatchObject({ zoneSource: 'api', socketAuth: 'digest', limitScheme: 'index' });
  });

  it('a build after a tag has its behaviour but is no known release', () => {
    const dev = detectFirmware({ ...STATUS['v25.9.11'], git_hash: 'v25.9.11-12-g3a9d5e1' });
    expect(dev).toMatchObject({ known: false, release: 'v25.9.11', probes: [] });
    expect(dev.capabilities.limitScheme).toBe('index');
  });

  it('a future release, or a build after the newest, takes the newest behaviour', () => {
    for (const git_hash of ['v27.1.1', 'v26.3.30-4-gdeadbee']) {
      const firmware = detectFirmware({ git_hash, config_version: '0.1.31', git_branch: 'master' });
      expect(firmware).toMatchObject({ known: false, release: 'v26.3.30' });
    }
  });

  it('a release older than the table takes the oldest behaviour, not as known', () => {
    const firmware = detectFirmware({ git_hash: 'v24.1.4', config_version: '0.1.26' });
    expect(firmware).toMatchObject({ known: false, release: 'v24.1.14' });
    expect(firmware.capabilities.liveFormat).toBe('legacy');
  });
});

describe('detection of a bare commit hash', () => {
  const bare = (release: keyof typeof STATUS) => ({ ...STATUS[release], git_hash: 'g3a9d5e1' });

  it('config_version and git_branch narrow it down, probes do the rest', () => {
    expect(detectFirmware(bare('v24.10.15')).probes).toEqual([]);
    expect(detectFirmware(bare('v24.10.15')).release).toBe('v24.10.2');
    // 0.1.29 spans v24.11.7..v25.4.10: nothing a probe could tell apart matters there.
    expect(detectFirmware(bare('v25.4.10'))).toMatchObject({ release: 'v25.4.2', probes: [] });
    const open = detectFirmware(bare('v26.3.30'));
    expect(open).toMatchObject({ known: false, release: 'v26.3.30' });
    expect(open.probes.sort()).toEqual(['limit', 'zones']);
  });

  it('settles from the probe answers alone', () => {
    const cases: [ProbeAnswers, string][] = [
      [{ zones: true, limit: true }, 'v26.3.30'],
      [{ zones: false, limit: true }, 'v25.9.11'],
      [{ zones: false, limit: false }, 'v25.5.10'],
    ];
    for (const [answers, release] of cases) {
      const firmware = detectFirmware(bare('v25.9.11'), answers);
      expect(firmware.release, JSON.stringify(answers)).toBe(release);
      expect(firmware.probes).toEqual([]);
    }
    expect(detectFirmware(bare('v25.9.11'), { zones: false, limit: false }).capabilities.limitScheme).toBe(
      'hm256',
    );
  });

  it('with a config version the table lacks (a fork, a future release), from the probes alone', () => {
    const fork = { git_hash: 'g0000000', config_version: '0.1.31', git_branch: 'main' };
    expect(detectFirmware(fork).probes.sort()).toEqual(['files', 'limit', 'logging', 'zones']);
    const cases: [ProbeAnswers, string][] = [
      [{ files: false, logging: false, limit: false, zones: false }, 'v24.10.2'],
      [{ files: true, logging: false, limit: false, zones: false }, 'v25.4.2'],
      [{ files: true, logging: true, limit: false, zones: false }, 'v25.5.10'],
      [{ files: true, logging: true, limit: true, zones: false }, 'v25.9.11'],
      [{ files: true, logging: true, limit: true, zones: true }, 'v26.3.30'],
      // Unanswered probes (offline, not logged in) leave the newest behaviour.
      [{}, 'v26.3.30'],
    ];
    for (const [answers, release] of cases) {
      expect(detectFirmware(fork, answers).release, JSON.stringify(answers)).toBe(release);
    }
    expect(detectFirmware(fork, cases[0]![0]).capabilities).toMatchObject({
      fileApi: 'config',
      limitScheme: 'hm256',
    });
  });
});
