/**
 * Hardware part number -> model name and maximum AC power (contract §9.5, inverters.md
 * §1.3). The part number is 32 bits, big-endian bytes b0 b1 b2 b3.
 */
export interface InverterModel {
  /** `hw_model_name` of device info; "" when unknown. */
  model: string;
  /** `max_power` of device info in W; 0 when unknown. */
  maxPower: number;
}

// A full 4-byte match wins over the 3-byte table below; only one such entry exists.
const BY_FOUR_BYTES: ReadonlyMap<number, InverterModel> = new Map([
  [0x10101015, { model: 'HM-300-1T', maxPower: 210 }],
]);

// Keyed by b0 b1 b2; the 4th byte varies between units of the same model.
const BY_THREE_BYTES: ReadonlyMap<number, InverterModel> = new Map(
  (
    [
      [0x101010, 'HM-300-1T', 300],
      [0x101020, 'HM-350-1T', 350],
      [0x101030, 'HM-400-1T', 400],
      [0x101040, 'HM-400-1T', 400],
      [0x101110, 'HM-600-2T', 600],
      [0x101120, 'HM-700-2T', 700],
      [0x101130, 'HM-800-2T', 800],
      [0x101140, 'HM-800-2T', 800],
      [0x101210, 'HM-1200-4T', 1200],
      [0x100230, 'MI-1500-4T Gen3', 1500],
      [0x101230, 'HM-1500-4T', 1500],
      [0x102011, 'HMS-300-1T', 300],
      [0x102021, 'HMS-350-1T', 350],
      [0x102041, 'HMS-400-1T', 400],
      [0x101051, 'HMS-450-1T', 450],
      [0x102051, 'HMS-450-1T', 450],
      [0x101071, 'HMS-500-1T', 500],
      [0x102071, 'HMS-500-1T v2', 500],
      [0x102111, 'HMS-600-2T', 600],
      [0x102121, 'HMS-700-2T', 700],
      [0x102141, 'HMS-800-2T', 800],
      [0x101141, 'HMS-800-2T-LV', 800],
      [0x101151, 'HMS-900-2T', 900],
      [0x102151, 'HMS-900-2T', 900],
      [0x102171, 'HMS-1000-2T', 1000],
      [0x101171, 'HMS-1000-2T', 1000],
      [0x102241, 'HMS-1600-4T', 1600],
      [0x101251, 'HMS-1800-4T', 1800],
      [0x102251, 'HMS-1800-4T', 1800],
      [0x101271, 'HMS-2000-4T', 2000],
      [0x102271, 'HMS-2000-4T', 2000],
      [0x103241, 'HMT-1600-4T', 1600],
      [0x103251, 'HMT-1800-4T', 1800],
      [0x103271, 'HMT-2000-4T', 2000],
      [0x103311, 'HMT-1800-6T', 1800],
      [0x103331, 'HMT-2250-6T', 2250],
      [0xf10110, 'HERF-600', 600],
      [0xf10114, 'HERF-800', 800],
      [0xf10124, 'HERF-1600', 1600],
      [0xf10122, 'HERF-1800', 1800],
    ] as const
  ).map(([key, model, maxPower]) => [key, { model, maxPower }]),
);

const UNKNOWN_MODEL: InverterModel = { model: '', maxPower: 0 };

/** The model of a `hw_part_number`; unknown parts give `{model: '', maxPower: 0}` as on the wire. */
export function modelFromPartNumber(partNumber: number): InverterModel {
  const part = partNumber >>> 0;
  const found = BY_FOUR_BYTES.get(part) ?? BY_THREE_BYTES.get(part >>> 8) ?? UNKNOWN_MODEL;
  return { ...found };
}
