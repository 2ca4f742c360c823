/**
 * The SunSpec models the companion serves, point by point in SunSpec's own order (model
 * layouts are public facts of the SunSpec information model): 1 (common), 101 or 103
 * (inverter, integer and scale factors), 120 (nameplate), 123 (immediate controls), 160
 * (multiple MPPT: one block per string). Offsets follow from the sizes; each point says what
 * the companion serves in it, which is also how docs/features/modbus.md's register map is
 * written (scripts/modbus-map.ts). Pure data.
 */
import { TYPE_SIZE, type PointType } from './encode';

export interface Point {
  name: string;
  type: PointType;
  /** Registers of a string point. */
  size?: number;
  units?: string;
  /** The point holding its scale factor. */
  sf?: string;
  /** A client may write it (only the limit points of model 123, and only with writes on). */
  writable?: boolean;
  /** What the companion serves there, in a few words; absent: not implemented. */
  serves?: string;
}

export interface ModelDef {
  id: number;
  label: string;
  /** The fixed block. */
  points: readonly Point[];
  /** A block repeated once per string (model 160). */
  repeat?: readonly Point[];
}

export const sizeOf = (point: Point): number =>
  point.type === 'string' ? point.size! : TYPE_SIZE[point.type];

/** Registers of a block of points. */
export const blockLength = (points: readonly Point[]): number =>
  points.reduce((sum, point) => sum + sizeOf(point), 0);

/** Each point's offset within its block. */
export function offsets(points: readonly Point[]): Map<string, number> {
  const at = new Map<string, number>();
  let offset = 0;
  for (const point of points) {
    at.set(point.name, offset);
    offset += sizeOf(point);
  }
  return at;
}

export const COMMON: ModelDef = {
  id: 1,
  label: 'Common',
  points: [
    { name: 'Mn', type: 'string', size: 16, serves: '"OpenDTU companion"' },
    { name: 'Md', type: 'string', size: 16, serves: 'the inverter\'s family (HM-800 ...), or "Plant"' },
    { name: 'Opt', type: 'string', size: 8, serves: "the inverter's name on its DTU, cut to 16 letters" },
    { name: 'Vr', type: 'string', size: 8, serves: "the companion's version" },
    { name: 'SN', type: 'string', size: 16, serves: 'the inverter\'s serial, or "plant"' },
    { name: 'DA', type: 'uint16', serves: 'the unit id' },
    { name: 'Pad', type: 'pad' },
  ],
};

/** Models 101 and 103 have one layout; 101 leaves phases B and C out. */
function inverterModel(id: 101 | 103): ModelDef {
  const three = id === 103;
  return {
    id,
    label: three ? 'Inverter (three phase)' : 'Inverter (single phase)',
    points: [
      {
        name: 'A',
        type: 'uint16',
        units: 'A',
        sf: 'A_SF',
        serves: three ? 'AC current (an HMT-4T: not published)' : 'AC current',
      },
      {
        name: 'AphA',
        type: 'uint16',
        units: 'A',
        sf: 'A_SF',
        serves: three ? 'L1 current (an HMT-6T: not published)' : 'AC current',
      },
      {
        name: 'AphB',
        type: 'uint16',
        units: 'A',
        sf: 'A_SF',
        ...(three && { serves: 'L2 current (the plant)' }),
      },
      {
        name: 'AphC',
        type: 'uint16',
        units: 'A',
        sf: 'A_SF',
        ...(three && { serves: 'L3 current (the plant)' }),
      },
      { name: 'A_SF', type: 'sunssf', serves: '-2' },
      {
        name: 'PPVphAB',
        type: 'uint16',
        units: 'V',
        sf: 'V_SF',
        ...(three && { serves: 'L1-L2 voltage (an HMT; the plant: their mean)' }),
      },
      { name: 'PPVphBC', type: 'uint16', units: 'V', sf: 'V_SF' },
      { name: 'PPVphCA', type: 'uint16', units: 'V', sf: 'V_SF' },
      {
        name: 'PhVphA',
        type: 'uint16',
        units: 'V',
        sf: 'V_SF',
        serves: three ? "L1 voltage (the plant: its inverters' on L1)" : 'AC voltage',
      },
      {
        name: 'PhVphB',
        type: 'uint16',
        units: 'V',
        sf: 'V_SF',
        ...(three && { serves: 'L2 voltage (the plant)' }),
      },
      {
        name: 'PhVphC',
        type: 'uint16',
        units: 'V',
        sf: 'V_SF',
        ...(three && { serves: 'L3 voltage (the plant)' }),
      },
      { name: 'V_SF', type: 'sunssf', serves: '-1' },
      { name: 'W', type: 'int16', units: 'W', sf: 'W_SF', serves: 'AC power' },
      { name: 'W_SF', type: 'sunssf', serves: '0 (1 above 32,767 W)' },
      { name: 'Hz', type: 'uint16', units: 'Hz', sf: 'Hz_SF', serves: 'grid frequency' },
      { name: 'Hz_SF', type: 'sunssf', serves: '-2' },
      { name: 'VA', type: 'int16', units: 'VA', sf: 'VA_SF' },
      { name: 'VA_SF', type: 'sunssf', serves: '0' },
      { name: 'VAr', type: 'int16', units: 'var', sf: 'VAr_SF', serves: 'reactive power' },
      { name: 'VAr_SF', type: 'sunssf', serves: '0' },
      { name: 'PF', type: 'int16', units: '%', sf: 'PF_SF', serves: 'power factor' },
      { name: 'PF_SF', type: 'sunssf', serves: '-1' },
      { name: 'WH', type: 'acc32', units: 'Wh', sf: 'WH_SF', serves: 'lifetime energy (never falls)' },
      { name: 'WH_SF', type: 'sunssf', serves: '0' },
      { name: 'DCA', type: 'uint16', units: 'A', sf: 'DCA_SF', serves: 'DC current (one string only)' },
      { name: 'DCA_SF', type: 'sunssf', serves: '-2' },
      { name: 'DCV', type: 'uint16', units: 'V', sf: 'DCV_SF', serves: 'DC voltage (one string only)' },
      { name: 'DCV_SF', type: 'sunssf', serves: '-1' },
      { name: 'DCW', type: 'int16', units: 'W', sf: 'DCW_SF', serves: 'DC power' },
      { name: 'DCW_SF', type: 'sunssf', serves: '0 (1 above 32,767 W)' },
      { name: 'TmpCab', type: 'int16', units: 'C', sf: 'Tmp_SF', serves: "the inverter's temperature" },
      { name: 'TmpSnk', type: 'int16', units: 'C', sf: 'Tmp_SF' },
      { name: 'TmpTrns', type: 'int16', units: 'C', sf: 'Tmp_SF' },
      { name: 'TmpOt', type: 'int16', units: 'C', sf: 'Tmp_SF' },
      { name: 'Tmp_SF', type: 'sunssf', serves: '-1' },
      {
        name: 'St',
        type: 'enum16',
        serves: 'operating state: 1 off, 2 sleeping, 4 MPPT, 5 throttled, 7 fault',
      },
      { name: 'StVnd', type: 'enum16' },
      { name: 'Evt1', type: 'bitfield32' },
      { name: 'Evt2', type: 'bitfield32' },
      { name: 'EvtVnd1', type: 'bitfield32' },
      { name: 'EvtVnd2', type: 'bitfield32' },
      { name: 'EvtVnd3', type: 'bitfield32' },
      { name: 'EvtVnd4', type: 'bitfield32' },
    ],
  };
}

export const INVERTER_1PH = inverterModel(101);
export const INVERTER_3PH = inverterModel(103);

export const NAMEPLATE: ModelDef = {
  id: 120,
  label: 'Nameplate',
  points: [
    { name: 'DERTyp', type: 'enum16', serves: '4 (PV)' },
    { name: 'WRtg', type: 'uint16', units: 'W', sf: 'WRtg_SF', serves: 'rated power (the plant: the sum)' },
    { name: 'WRtg_SF', type: 'sunssf', serves: '0 (1 above 65,534 W)' },
    { name: 'VARtg', type: 'uint16', units: 'VA', sf: 'VARtg_SF' },
    { name: 'VARtg_SF', type: 'sunssf' },
    { name: 'VArRtgQ1', type: 'int16', units: 'var', sf: 'VArRtg_SF' },
    { name: 'VArRtgQ2', type: 'int16', units: 'var', sf: 'VArRtg_SF' },
    { name: 'VArRtgQ3', type: 'int16', units: 'var', sf: 'VArRtg_SF' },
    { name: 'VArRtgQ4', type: 'int16', units: 'var', sf: 'VArRtg_SF' },
    { name: 'VArRtg_SF', type: 'sunssf' },
    { name: 'ARtg', type: 'uint16', units: 'A', sf: 'ARtg_SF' },
    { name: 'ARtg_SF', type: 'sunssf' },
    { name: 'PFRtgQ1', type: 'int16', sf: 'PFRtg_SF' },
    { name: 'PFRtgQ2', type: 'int16', sf: 'PFRtg_SF' },
    { name: 'PFRtgQ3', type: 'int16', sf: 'PFRtg_SF' },
    { name: 'PFRtgQ4', type: 'int16', sf: 'PFRtg_SF' },
    { name: 'PFRtg_SF', type: 'sunssf' },
    { name: 'WHRtg', type: 'uint16', units: 'Wh', sf: 'WHRtg_SF' },
    { name: 'WHRtg_SF', type: 'sunssf' },
    { name: 'AhrRtg', type: 'uint16', units: 'Ah', sf: 'AhrRtg_SF' },
    { name: 'AhrRtg_SF', type: 'sunssf' },
    { name: 'MaxChaRte', type: 'uint16', units: 'W', sf: 'MaxChaRte_SF' },
    { name: 'MaxChaRte_SF', type: 'sunssf' },
    { name: 'MaxDisChaRte', type: 'uint16', units: 'W', sf: 'MaxDisChaRte_SF' },
    { name: 'MaxDisChaRte_SF', type: 'sunssf' },
    { name: 'Pad', type: 'pad' },
  ],
};

export const CONTROLS: ModelDef = {
  id: 123,
  label: 'Immediate controls',
  points: [
    { name: 'Conn_WinTms', type: 'uint16', units: 's' },
    { name: 'Conn_RvrtTms', type: 'uint16', units: 's' },
    { name: 'Conn', type: 'enum16', serves: '1 (connected)' },
    {
      name: 'WMaxLimPct',
      type: 'uint16',
      units: '% WRtg',
      sf: 'WMaxLimPct_SF',
      writable: true,
      serves: 'the limit asked for (100 % when none)',
    },
    {
      name: 'WMaxLimPct_WinTms',
      type: 'uint16',
      units: 's',
      writable: true,
      serves: 'as written (not used)',
    },
    {
      name: 'WMaxLimPct_RvrtTms',
      type: 'uint16',
      units: 's',
      writable: true,
      serves: 'the limit ends this long after the last request; 0: when released',
    },
    {
      name: 'WMaxLimPct_RmpTms',
      type: 'uint16',
      units: 's',
      writable: true,
      serves: 'as written (not used)',
    },
    { name: 'WMaxLim_Ena', type: 'enum16', writable: true, serves: '1 limit on, 0 released' },
    { name: 'OutPFSet', type: 'int16', sf: 'OutPFSet_SF' },
    { name: 'OutPFSet_WinTms', type: 'uint16', units: 's' },
    { name: 'OutPFSet_RvrtTms', type: 'uint16', units: 's' },
    { name: 'OutPFSet_RmpTms', type: 'uint16', units: 's' },
    { name: 'OutPFSet_Ena', type: 'enum16' },
    { name: 'VArWMaxPct', type: 'int16', sf: 'VArPct_SF' },
    { name: 'VArMaxPct', type: 'int16', sf: 'VArPct_SF' },
    { name: 'VArAvalPct', type: 'int16', sf: 'VArPct_SF' },
    { name: 'VArPct_WinTms', type: 'uint16', units: 's' },
    { name: 'VArPct_RvrtTms', type: 'uint16', units: 's' },
    { name: 'VArPct_RmpTms', type: 'uint16', units: 's' },
    { name: 'VArPct_Mod', type: 'enum16' },
    { name: 'VArPct_Ena', type: 'enum16' },
    { name: 'WMaxLimPct_SF', type: 'sunssf', serves: '-1 (0.1 %)' },
    { name: 'OutPFSet_SF', type: 'sunssf' },
    { name: 'VArPct_SF', type: 'sunssf' },
  ],
};

export const MPPT: ModelDef = {
  id: 160,
  label: 'Multiple MPPT (one block per string)',
  points: [
    { name: 'DCA_SF', type: 'sunssf', serves: '-2' },
    { name: 'DCV_SF', type: 'sunssf', serves: '-1' },
    { name: 'DCW_SF', type: 'sunssf', serves: '0' },
    { name: 'DCWH_SF', type: 'sunssf', serves: '0' },
    { name: 'Evt', type: 'bitfield32' },
    { name: 'N', type: 'uint16', serves: 'number of strings' },
    { name: 'TmsPer', type: 'uint16' },
  ],
  repeat: [
    { name: 'ID', type: 'uint16', serves: 'string number, from 1' },
    { name: 'IDStr', type: 'string', size: 8, serves: "the string's name on the DTU" },
    { name: 'DCA', type: 'uint16', units: 'A', sf: 'DCA_SF', serves: 'DC current' },
    { name: 'DCV', type: 'uint16', units: 'V', sf: 'DCV_SF', serves: 'DC voltage' },
    { name: 'DCW', type: 'uint16', units: 'W', sf: 'DCW_SF', serves: 'DC power' },
    { name: 'DCWH', type: 'acc32', units: 'Wh', sf: 'DCWH_SF', serves: 'lifetime energy of the string' },
    { name: 'Tms', type: 'uint32', units: 's' },
    { name: 'Tmp', type: 'int16', units: 'C' },
    { name: 'DCSt', type: 'enum16' },
    { name: 'DCEvt', type: 'bitfield32' },
  ],
};
