/** Frequencies of one CMT country mode, all in Hz (contract §4.1). */
export interface CountryDef {
  freq_default: number;
  /** Radio band limits: what the device accepts. */
  freq_min: number;
  freq_max: number;
  /** Legal band: the web app warns, but does not block, outside it. */
  freq_legal_min: number;
  freq_legal_max: number;
}

/** GET/POST /api/dtu/config (contract §4.1, §4.2). */
export interface DtuConfig {
  /** Hex, as every serial on the wire. */
  serial: string;
  /** Seconds. */
  pollinterval: number;
  nrf_enabled: boolean;
  /** `NrfPaLevel`. */
  nrf_palevel: number;
  cmt_enabled: boolean;
  /** dBm, -10..20. */
  cmt_palevel: number;
  /** Hz (the spec's kHz is wrong for the wire). */
  cmt_frequency: number;
  /** `CmtCountry`, index into `country_def`. */
  cmt_country: number;
  /** Always `CMT_CHANNEL_WIDTH`. */
  cmt_chan_width: number;
  country_def: CountryDef[];
}

export const CmtCountry = {
  EU: 0,
  US: 1,
  BR: 2,
} as const;
export type CmtCountry = (typeof CmtCountry)[keyof typeof CmtCountry];

/** The CMT radio's channel spacing in Hz; every frequency is a multiple of it. */
export const CMT_CHANNEL_WIDTH = 250000;

/** `country_def`, indexed by `CmtCountry`. */
export const CMT_COUNTRIES: readonly Readonly<CountryDef>[] = [
  {
    freq_default: 865000000,
    freq_min: 860250000,
    freq_max: 923500000,
    freq_legal_min: 863000000,
    freq_legal_max: 870000000,
  },
  {
    freq_default: 918000000,
    freq_min: 900250000,
    freq_max: 963500000,
    freq_legal_min: 905000000,
    freq_legal_max: 925000000,
  },
  {
    freq_default: 918000000,
    freq_min: 900250000,
    freq_max: 963500000,
    freq_legal_min: 915000000,
    freq_legal_max: 928000000,
  },
];

export const NrfPaLevel = {
  Min: 0,
  Low: 1,
  High: 2,
  Max: 3,
} as const;
export type NrfPaLevel = (typeof NrfPaLevel)[keyof typeof NrfPaLevel];

/** Output power of each `NrfPaLevel` in dB, for display (spec §9). */
export const NRF_PA_LEVEL_DB: readonly number[] = [-18, -12, -6, 0];

export const CMT_PA_LEVEL_MIN = -10;
export const CMT_PA_LEVEL_MAX = 20;
