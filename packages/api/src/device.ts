// GPIO numbers throughout; -1 means "not connected".

export interface NrfPins {
  clk: number;
  cs: number;
  en: number;
  irq: number;
  miso: number;
  mosi: number;
}

export interface CmtPins {
  clk: number;
  cs: number;
  fcs: number;
  sdio: number;
  gpio2: number;
  gpio3: number;
}

export interface W5500Pins {
  sclk: number;
  mosi: number;
  miso: number;
  cs: number;
  int: number;
  rst: number;
}

export interface EthPins {
  enabled: boolean;
  phy_addr: number;
  power: number;
  mdc: number;
  mdio: number;
  type: number;
  clk_mode: number;
}

export interface DisplayPins {
  /** A `DisplayType`. */
  type: number;
  data: number;
  clk: number;
  cs: number;
  reset: number;
}

export interface LedPins {
  led0: number;
  led1: number;
}

/** The pins in effect, with the name of the selected pin-mapping profile ("" = none). */
export interface CurrentPins {
  name: string;
  nrf24: NrfPins;
  cmt: CmtPins;
  w5500: W5500Pins;
  /** Only on chips with an internal Ethernet MAC (classic ESP32). */
  eth?: EthPins;
  display: DisplayPins;
  led: LedPins;
}

/** Display settings. Keys differ from config.json (`power_safe` vs `powersafe`, ...). */
export interface DisplayConfig {
  /** 0..3 = 0°, 90°, 180°, 270°. */
  rotation: number;
  power_safe: boolean;
  screensaver: boolean;
  /** 0..100. */
  contrast: number;
  /** Two letters (v24.11.7 on). */
  locale: string;
  /** Before v24.11.7 instead of `locale`: an index into `DISPLAY_LANGUAGES`. */
  language?: number;
  /** Seconds. */
  diagramduration: number;
  /** A `DiagramMode`. */
  diagrammode: number;
}

/** The display languages of firmware before v24.11.7, by their `language` index. */
export const DISPLAY_LANGUAGES = ['en', 'de', 'fr'] as const;

export interface LedConfig {
  /** 0..100. */
  brightness: number;
}

/** GET/POST /api/device/config (contract §4.3, §4.4). */
export interface DeviceConfig {
  curPin: CurrentPins;
  display: DisplayConfig;
  led: LedConfig[];
}

export const DisplayType = {
  None: 0,
  PCD8544: 1,
  SSD1306: 2,
  SH1106: 3,
  SSD1309: 4,
  ST7567_GM12864I_59N: 5,
} as const;
export type DisplayType = (typeof DisplayType)[keyof typeof DisplayType];

/** Display type names, indexed by `DisplayType`. */
export const DISPLAY_TYPE_NAMES: readonly string[] = [
  'None',
  'PCD8544',
  'SSD1306',
  'SH1106',
  'SSD1309',
  'ST7567_GM12864I_59N',
];

export const DiagramMode = {
  Off: 0,
  Small: 1,
  Fullscreen: 2,
} as const;
export type DiagramMode = (typeof DiagramMode)[keyof typeof DiagramMode];

export const LED_COUNT = 2;

export interface PinMappingLink {
  name: string;
  url: string;
}

/**
 * One board profile of pin_mapping.json (contract Appendix B). Every part may be
 * missing; the device then uses its build defaults for it.
 */
export interface PinMappingProfile {
  name: string;
  links?: PinMappingLink[];
  nrf24?: Partial<NrfPins>;
  cmt?: Partial<CmtPins>;
  w5500?: Partial<W5500Pins>;
  eth?: Partial<EthPins>;
  display?: Partial<DisplayPins>;
  led?: Partial<LedPins>;
}

/** The whole pin_mapping.json file. */
export type PinMappingFile = PinMappingProfile[];
