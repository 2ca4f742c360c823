// Which firmware a device runs and where to read about it (spec §4 "Version check").
// The code-hosting service's addresses live here, and only here, so tests can stand in
// for it and a fork needs to change one line.

/** The firmware repository's page and its API on the public code-hosting service. */
export const FIRMWARE_REPO_URL = 'https://github.com/tbnobody/OpenDTU';
export const FIRMWARE_REPO_API = 'https://api.github.com/repos/tbnobody/OpenDTU';

export interface FirmwareVersion {
  /** A release name ("v25.4.10") or a commit hash ("3a9d5e1"). */
  ref: string;
  isHash: boolean;
}

/**
 * Reads the device's `git_hash` (a `git describe` result): a leading `g` marks a bare
 * hash; a described version "v25.4.10-12-g3a9d5e1" is 12 commits past a release, and
 * the part after its last dash without the `g` is the hash.
 */
export function parseFirmwareVersion(gitHash: string): FirmwareVersion {
  const dash = gitHash.lastIndexOf('-');
  if (dash >= 0) return { ref: gitHash.slice(dash + 2), isHash: true };
  if (gitHash.startsWith('g')) return { ref: gitHash.slice(1), isHash: true };
  return { ref: gitHash, isHash: false };
}

/** The page describing this firmware: its commit, or its release. */
export function firmwareVersionUrl({ ref, isHash }: FirmwareVersion): string {
  const path = isHash ? 'commits' : 'releases/tag';
  return `${FIRMWARE_REPO_URL}/${path}/${encodeURIComponent(ref)}`;
}

/** The API call comparing this firmware with the newest code. */
export function firmwareCompareUrl({ ref }: FirmwareVersion): string {
  return `${FIRMWARE_REPO_API}/compare/${encodeURIComponent(ref)}...HEAD`;
}
