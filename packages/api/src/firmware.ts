/**
 * The firmware releases whose web API differs (docs/firmware-releases.md): what each
 * one can do, as named capabilities, and how to tell which one a device runs. The web
 * app adapts to the capabilities and the emulator plays them, both from this one table,
 * so the two cannot drift apart. Only this file compares versions.
 */
import type { LimitScheme } from './limit';

export interface Capabilities {
  /** POST /api/limit/config `limit_type`: persistent adds 256 (`hm256`) or 2 (`index`, v25.9.11). */
  limitScheme: LimitScheme;
  /**
   * The time-zone list: `/zones.json` of the web bundle, or GET /api/ntp/zones (v26.3.28,
   * which also drops `ntp_timezone` from the NTP config: the device resolves the name).
   */
  zoneSource: 'static' | 'api';
  /** Backup, restore and reset under /api/config/* (before v24.11.7) or /api/file/*. */
  fileApi: 'config' | 'file';
  /** /api/i18n/* exist and the display language is a locale code, not 0/1/2 (v24.11.7). */
  i18nApi: boolean;
  /** Live data before v24.2.12 (`legacy`): every frame holds every inverter, sums in AC "0". */
  liveFormat: 'legacy' | 'current';
  /** `data_age_ms` in live data (v25.4.2), with hints.pin_mapping_issue and pdl_supported (v25.1.14). */
  dataAgeMs: boolean;
  /** Console text: CRLF lines (`crlf`), or ESP-IDF `L (ms) tag: text` lines ending LF (`esp`, v25.5.10). */
  consoleFormat: 'crlf' | 'esp';
  /** GET/POST /api/logging/config (v25.5.10). */
  logging: boolean;
  /** `syslogenabled`, `sysloghostname`, `syslogport` in the network config (v25.5.10). */
  syslog: boolean;
  /** `git_branch` in the system status (v25.5.10). */
  gitBranch: boolean;
  /** With read-only access off, the sockets are `open` or answer a Digest challenge. */
  socketAuth: 'open' | 'digest';
}

export interface Release {
  /** The release tag, e.g. "v25.9.11". */
  version: string;
  /** `config_version` of its system status. */
  configVersion: string;
  capabilities: Capabilities;
}

const FIRST: Capabilities = {
  limitScheme: 'hm256',
  zoneSource: 'static',
  fileApi: 'config',
  i18nApi: false,
  liveFormat: 'legacy',
  dataAgeMs: false,
  consoleFormat: 'crlf',
  logging: false,
  syslog: false,
  gitBranch: false,
  socketAuth: 'digest',
};

/** Each release that changed something, with what it changed; every later one inherits. */
const CHANGES: readonly (readonly [string, string, Partial<Capabilities>])[] = [
  ['v24.1.14', '0.1.27', {}],
  ['v24.2.12', '0.1.27', { liveFormat: 'current' }],
  ['v24.3.31', '0.1.28', {}],
  ['v24.10.2', '0.1.28', { socketAuth: 'open' }],
  ['v24.11.7', '0.1.29', { fileApi: 'file', i18nApi: true }],
  ['v25.4.2', '0.1.29', { dataAgeMs: true }],
  ['v25.5.10', '0.1.30', { consoleFormat: 'esp', logging: true, syslog: true, gitBranch: true }],
  ['v25.9.11', '0.1.30', { limitScheme: 'index' }],
  ['v26.3.28', '0.1.30', { zoneSource: 'api' }],
  ['v26.3.30', '0.1.30', { socketAuth: 'digest' }],
];

let previous = FIRST;
/** The table, oldest first: the behaviour of each release holds until the next one's. */
export const RELEASES: readonly Release[] = CHANGES.map(([version, configVersion, change]) => {
  previous = { ...previous, ...change };
  return { version, configVersion, capabilities: previous };
});

const NEWEST = RELEASES[RELEASES.length - 1]!;

const TAG = /^v(\d+)\.(\d+)\.(\d+)(-\d+-g[0-9a-f]+)?$/;

/** Orders release tags numerically ("v25.10.1" after "v25.9.11"). */
export function compareVersions(a: string, b: string): number {
  const parts = (tag: string) => (TAG.exec(tag) ?? []).slice(1, 4).map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** The release whose behaviour a version has: the last table entry not newer than it. */
export function releaseFor(version: string): Release | undefined {
  return RELEASES.findLast((release) => compareVersions(release.version, version) <= 0);
}

/**
 * Feature probes for a device whose `git_hash` is a bare commit (contract of each in
 * firmware-releases.md): each answers true when the device has the behaviour of this
 * release or newer.
 */
export const PROBES = { zones: 'v26.3.28', limit: 'v25.9.11', logging: 'v25.5.10', files: 'v24.11.7' };
export type ProbeName = keyof typeof PROBES;
export type ProbeAnswers = Partial<Record<ProbeName, boolean>>;

/** The fields of GET /api/system/status that tell the firmware. */
export interface FirmwareClues {
  git_hash: string;
  config_version: string;
  git_branch?: string;
}

export interface Firmware {
  /** Whether the device runs a release of the table (or one between two of its entries). */
  known: boolean;
  /** The release whose behaviour the device is taken to have. */
  release: string;
  capabilities: Capabilities;
  /** Probes still worth asking: they would change the capabilities (bare hashes only). */
  probes: ProbeName[];
}

/**
 * Which firmware a device runs, from its status: a release tag tells; `-N-g<hash>` is a
 * build after that tag (its behaviour, but not a known release); a bare `g<hash>` leaves
 * the releases of its `config_version` (and `git_branch`), or all of them for a config
 * version the table lacks (a fork, a future release), which probe answers narrow down.
 * Whatever stays open, the newest remaining behaviour is taken; so does a tag newer than
 * the table.
 */
export function detectFirmware(status: FirmwareClues, answers: ProbeAnswers = {}): Firmware {
  const tag = TAG.exec(status.git_hash);
  if (tag) {
    const release = releaseFor(status.git_hash) ?? RELEASES[0]!;
    const within = compareVersions(status.git_hash, RELEASES[0]!.version) >= 0;
    const newer = compareVersions(status.git_hash, NEWEST.version) > 0 || (tag[4] && release === NEWEST);
    return {
      known: within && !newer && !tag[4],
      release: release.version,
      capabilities: release.capabilities,
      probes: [],
    };
  }
  const branch = status.git_branch !== undefined;
  let candidates = RELEASES.filter((release) => release.configVersion === status.config_version);
  const byBranch = candidates.filter((release) => release.capabilities.gitBranch === branch);
  candidates = (byBranch.length ? byBranch : candidates.length ? candidates : RELEASES).filter((release) =>
    Object.entries(answers).every(
      ([probe, newer]) => compareVersions(release.version, PROBES[probe as ProbeName]) >= 0 === newer,
    ),
  );
  const chosen = candidates[candidates.length - 1] ?? NEWEST;
  const probes = (Object.keys(PROBES) as ProbeName[]).filter(
    (probe) =>
      answers[probe] === undefined &&
      new Set(candidates.map((release) => compareVersions(release.version, PROBES[probe]) >= 0)).size > 1,
  );
  return { known: false, release: chosen.version, capabilities: chosen.capabilities, probes };
}
