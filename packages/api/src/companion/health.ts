/**
 * GET /companion/api/health: whether the companion does its job, for a monitor (Uptime
 * Kuma, a systemd timer, curl in cron). Status 200 when healthy, 503 when not, the same
 * body either way. No credentials needed, so it tells nothing private: no device URL, no
 * serial, no path.
 */

/**
 * What the recorder is doing: writing what arrives; paused because the disk (or the
 * database's size cap) is full, trying again every few seconds; or waiting for the
 * device's clock, without which no sample can be stamped.
 */
export type RecordingState = 'recording' | 'paused-disk-full' | 'waiting-for-clock';

/**
 * Why the answer is 503: the device has not been reachable for longer than the limit
 * (5 minutes); frames arrive but the recorder has not written them for longer than the
 * limit (5 minutes); recording is paused on a full disk.
 */
export type HealthProblem = 'device-unreachable' | 'recorder-stalled' | 'disk-full';

export interface HealthAnswer {
  healthy: boolean;
  /** Empty when healthy. */
  problems: HealthProblem[];
  device: {
    /** The server's live socket to the device is open. */
    reachable: boolean;
    /** Milliseconds since the last live frame arrived; null: none since the server started. */
    last_frame_age_ms: number | null;
  };
  recorder: {
    state: RecordingState;
    /** When the recorder last wrote (ISO 8601, this machine's clock); null: not since start. */
    last_write: string | null;
  };
  push_queue: {
    /** Batches of samples waiting for the InfluxDB target (0 when none is set). */
    length: number;
    /** Milliseconds the oldest of them has waited; null when none waits (or its time is unknown). */
    oldest_age_ms: number | null;
  };
  database: {
    size_bytes: number;
    /** Free bytes on the disk that holds it, for this server's user. */
    free_disk_bytes: number;
  };
  /** Seconds since the server started. */
  uptime_s: number;
}
