/** GET /api/devinfo/status?inv= (contract §9.5); `{}` for an unknown serial. */
export interface DevInfoStatus {
  /** True once any device info was received. */
  valid_data: boolean;
  /** e.g. 10000; see `formatVersion`. */
  fw_bootloader_version: number;
  /** e.g. 10012 = "1.0.12". */
  fw_build_version: number;
  /** 32-bit part number; see `modelFromPartNumber`. */
  hw_part_number: number;
  /** A string such as "01.00", although the reference web app types it as a number. */
  hw_version: string;
  /** "" when the part number is unknown. */
  hw_model_name: string;
  /** W; 0 when unknown. */
  max_power: number;
  /** "YYYY-MM-DD HH:MM:SS", UTC; meaningless before `valid_data`. */
  fw_build_datetime: string;
  pdl_supported: boolean;
}

export type DevInfoResponse = DevInfoStatus | Record<string, never>;
