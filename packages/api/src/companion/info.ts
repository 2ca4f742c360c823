/**
 * GET /companion/api/info, open to anyone. A device answers every unknown path with its
 * index.html, so a JSON answer here is proof that the page is served by the companion.
 */
export interface CompanionInfo {
  /** The companion's own version. */
  version: string;
  /** The device's base URL the companion speaks to. */
  device: string;
  /** Whether the device is the companion's own virtual DTU (`--demo`). */
  demo: boolean;
  /** ISO time of the first recorded sample; null before any. */
  recording_since: string | null;
  /** The device's POSIX TZ string as it last told it; "" before that (UTC, as the device reads it). */
  timezone: string;
  /**
   * The device's name when the companion fronts several (issue 33): its app is then at
   * `/dtu/NAME/` and the plant at `/plant`. Absent for one device.
   */
  plant?: string;
}

export interface CompanionInfoAnswer {
  companion: CompanionInfo;
}
