/** One FreeRTOS task of `task_details`. */
export interface TaskDetail {
  name: string;
  stack_watermark: number;
  priority: number;
}

/** GET /api/system/status (contract §2.4). Sizes in bytes. */
export interface SystemStatus {
  hostname: string;
  sdkversion: string;
  /** MHz. */
  cpufreq: number;
  /** °C; null when the chip cannot measure it (ESP32-S2/S3); absent before v24.6.10. */
  cputemp?: number | null;
  heap_total: number;
  heap_used: number;
  heap_max_block: number;
  heap_min_free: number;
  /** Absent before v24.2.12, like `psram_used`. */
  psram_total?: number;
  psram_used?: number;
  sketch_total: number;
  sketch_used: number;
  littlefs_total: number;
  littlefs_used: number;
  chiprevision: number;
  chipmodel: string;
  chipcores: number;
  /** Absent before v24.6.10. */
  flashsize?: number;
  /** Absent before v24.10.15. */
  task_details?: TaskDetail[];
  resetreason_0: string;
  resetreason_1: string;
  cfgsavecount: number;
  config_version: string;
  /** `git describe` of the build: a tag ("v25.4.10"), tag-N-gHASH, or "g0000000" when unknown. */
  git_hash: string;
  /** The branch it was built from (v25.5.10 on; "master" when the build could not tell). */
  git_branch?: string;
  pioenv: string;
  /** Seconds since boot. */
  uptime: number;
  nrf_configured: boolean;
  nrf_connected: boolean;
  nrf_pvariant: boolean;
  cmt_configured: boolean;
  cmt_connected: boolean;
}

/** POST /api/maintenance/reboot; `false` answers 6002 and does nothing. */
export interface RebootRequest {
  reboot: boolean;
}
