export interface GridProfileItem {
  /** Item name. */
  n: string;
  /** Unit; "bool" for on/off items. */
  u: string;
  v: number;
}

export interface GridProfileSection {
  name: string;
  items: GridProfileItem[];
}

/**
 * GET /api/gridprofile/status?inv= (contract §9.7); `{}` for an unknown serial. Before
 * data arrives: name "Unknown", version "0.0.0", no sections.
 */
export interface GridProfileStatus {
  name: string;
  /** "a.b.c". */
  version: string;
  sections: GridProfileSection[];
}

export type GridProfileResponse = GridProfileStatus | Record<string, never>;

/** GET /api/gridprofile/rawdata?inv=; `raw` is empty before data arrives. */
export interface GridProfileRawData {
  /** Bytes 0..255. */
  raw: number[];
}

export type GridProfileRawResponse = GridProfileRawData | Record<string, never>;

export const GRID_PROFILE_RAW_MAX_BYTES = 141;

/** Section names the device knows; an unknown section ends parsing. */
export const GRID_PROFILE_SECTION_NAMES: readonly string[] = [
  'Voltage (H/LVRT)',
  'Frequency (H/LFRT)',
  'Island Detection (ID)',
  'Reconnection (RT)',
  'Ramp Rates (RR)',
  'Frequency Watt (FW)',
  'Volt Watt (VW)',
  'Active Power Control (APC)',
  'Volt Var (VV)',
  'Specified Power Factor (SPF)',
  'Reactive Power Control (RPC)',
  'Watt Power Factor (WPF)',
];
