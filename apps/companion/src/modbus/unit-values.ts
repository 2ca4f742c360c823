/**
 * What each unit id shows, as values of the SunSpec points (sunspec/models.ts): an
 * inverter from its DTU's live data, the plant as the sums of them all. Only what the DTU
 * knows is given; everything else stays undefined, which the encoding writes as SunSpec's
 * "not implemented". Pure.
 *
 * - A DTU the companion cannot reach: nothing live is known (`St` not implemented too);
 *   the energy stays, from the companion's records.
 * - At night the DTU polls no more and zeroes what the inverter reported: its power and
 *   currents are truly 0 then, its voltages and frequency are not known.
 * - An inverter that does not answer while it should: nothing live is known.
 * - A three-phase Hoymiles (HMT) reports the L1-L2 voltage and, on the 4-input models, the
 *   L1 current, on the 6-input models the sum of the phases; the rest is not published.
 */
import {
  isLiveInverterFull,
  liveValue,
  type InverterFamily,
  type LiveInverterRead,
  type ModbusPhase,
  type ModbusState,
} from '@opendtu/api';
import { scaleFor } from './sunspec/encode';
import type { ModelValues, Values } from './sunspec/image';
import { COMMON, CONTROLS, INVERTER_1PH, INVERTER_3PH, MPPT, NAMEPLATE } from './sunspec/models';

export const MANUFACTURER = 'OpenDTU companion';

/** One inverter as the companion knows it now. */
export interface InverterReading {
  device: string;
  serial: string;
  name: string;
  family: InverterFamily | undefined;
  /** Its last entry from the DTU (a frame's full one, or the list's common one). */
  entry: LiveInverterRead | undefined;
  /** Whether the companion hears the DTU that holds it. */
  deviceOnline: boolean;
  /** Rated power (the DTU's max_power), W. */
  ratedW: number | undefined;
  /** Lifetime energy to serve (never falls), Wh. */
  energyWh: number | undefined;
  /** Each string's lifetime energy to serve, Wh. */
  stringEnergyWh: readonly (number | undefined)[];
  /** Its event log holds an entry that is not over (neither routine nor a switch-off). */
  fault: boolean;
  /** Its owner switched it off (power off command): an open "shut down by remote control". */
  switchedOff: boolean;
  /** The grid phase it feeds (single phase). */
  phase: ModbusPhase;
}

/** Model 123's registers as the last client left them. */
export interface ControlRegisters {
  /** WMaxLimPct, % of WRtg. */
  percent: number;
  winTms: number;
  rvrtTms: number;
  rmpTms: number;
  enabled: boolean;
}

export const RELEASED: ControlRegisters = { percent: 100, winTms: 0, rvrtTms: 0, rmpTms: 0, enabled: false };

/** The operating state's code in `St`. */
export const STATE_CODE: Readonly<Record<ModbusState, number | undefined>> = {
  off: 1,
  sleeping: 2,
  producing: 4,
  throttled: 5,
  fault: 7,
  unknown: undefined,
};

const threePhase = (reading: InverterReading): boolean => reading.family?.acPhases === 3;

/** Whether the DTU stopped polling it for the night (its values then read 0). */
const resting = (entry: LiveInverterRead): boolean => !entry.poll_enabled;

export function inverterState(reading: InverterReading): ModbusState {
  const { entry } = reading;
  if (!reading.deviceOnline || !entry) return 'unknown';
  if (resting(entry) || !entry.reachable || reading.switchedOff) return 'off';
  // An open event is a fault only where it keeps the inverter from producing.
  if (!entry.producing) return reading.fault ? 'fault' : 'sleeping';
  return entry.limit_relative < 100 ? 'throttled' : 'producing';
}

interface Live {
  /** Values that are truly known, in SunSpec's units. */
  W?: number;
  A?: number;
  AphA?: number;
  V?: number;
  Hz?: number;
  VAr?: number;
  PF?: number;
  DCW?: number;
  Tmp?: number;
  strings: { name: string; A?: number; V?: number; W?: number }[];
}

/** What the DTU's entry tells for sure. */
function liveOf(reading: InverterReading): Live {
  const { entry } = reading;
  if (!reading.deviceOnline || !entry || !isLiveInverterFull(entry)) return { strings: [] };
  const night = resting(entry);
  if (!night && !entry.reachable) return { strings: [] };
  const ac = entry.AC?.['0'];
  const inv = entry.INV?.['0'];
  // At night only the zeroed currents and powers are facts; a 0 V grid is not.
  const grid = (value: number | undefined) => (night ? undefined : value);
  const strings = Object.keys(entry.DC ?? {})
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => {
      const channel = entry.DC[key]!;
      const name = typeof channel.name?.u === 'string' ? channel.name.u : '';
      return {
        name,
        A: liveValue(channel, 'Current'),
        V: grid(liveValue(channel, 'Voltage')),
        W: liveValue(channel, 'Power'),
      };
    });
  const current = liveValue(ac, 'Current');
  const pf = grid(liveValue(ac, 'PowerFactor'));
  return {
    W: liveValue(ac, 'Power'),
    A: threePhase(reading) && reading.family?.id === 'HMT_4CH' ? undefined : current,
    AphA: threePhase(reading) && reading.family?.id !== 'HMT_4CH' ? undefined : current,
    V: grid(liveValue(ac, 'Voltage')),
    Hz: grid(liveValue(ac, 'Frequency')),
    VAr: grid(liveValue(ac, 'ReactivePower')),
    PF: pf === undefined ? undefined : pf * 100,
    DCW: liveValue(inv, 'Power DC'),
    Tmp: grid(liveValue(inv, 'Temperature')),
    strings,
  };
}

function controlValues(controls: ControlRegisters): Values {
  return {
    Conn: 1,
    WMaxLimPct: controls.percent,
    WMaxLimPct_WinTms: controls.winTms,
    WMaxLimPct_RvrtTms: controls.rvrtTms,
    WMaxLimPct_RmpTms: controls.rmpTms,
    WMaxLim_Ena: controls.enabled ? 1 : 0,
    WMaxLimPct_SF: -1,
  };
}

const STRING_SCALES: Values = { DCA_SF: -2, DCV_SF: -1, DCW_SF: 0, DCWH_SF: 0 };

interface Common {
  unit: number;
  version: string;
}

/** The values of an inverter's unit, model by model. */
export function inverterModels(
  reading: InverterReading,
  controls: ControlRegisters,
  common: Common,
): ModelValues[] {
  const live = liveOf(reading);
  const three = threePhase(reading);
  const rated = reading.ratedW;
  const single = live.strings.length === 1 ? live.strings[0] : undefined;
  const wScale = scaleFor(Math.max(rated ?? 0, Math.abs(live.W ?? 0), Math.abs(live.DCW ?? 0)), 'int16');
  return [
    {
      def: COMMON,
      values: {
        Mn: MANUFACTURER,
        Md: reading.family?.type ?? 'Hoymiles',
        Opt: reading.name,
        Vr: common.version,
        SN: reading.serial,
        DA: common.unit,
      },
    },
    {
      def: three ? INVERTER_3PH : INVERTER_1PH,
      values: {
        A: live.A,
        AphA: live.AphA,
        A_SF: -2,
        ...(three ? { PPVphAB: live.V } : { PhVphA: live.V }),
        V_SF: -1,
        W: live.W,
        W_SF: wScale,
        Hz: live.Hz,
        Hz_SF: -2,
        VA_SF: 0,
        VAr: live.VAr,
        VAr_SF: 0,
        PF: live.PF,
        PF_SF: -1,
        WH: reading.energyWh,
        WH_SF: 0,
        DCA: single?.A,
        DCA_SF: -2,
        DCV: single?.V,
        DCV_SF: -1,
        DCW: live.DCW,
        DCW_SF: wScale,
        TmpCab: live.Tmp,
        Tmp_SF: -1,
        St: STATE_CODE[inverterState(reading)],
      },
    },
    nameplate(rated),
    { def: CONTROLS, values: controlValues(controls) },
    {
      def: MPPT,
      values: { ...STRING_SCALES, N: live.strings.length || (reading.family?.dcInputs ?? 0) },
      repeats: stringBlocks(reading, live),
    },
  ];
}

function nameplate(rated: number | undefined): ModelValues {
  return {
    def: NAMEPLATE,
    values: { DERTyp: 4, WRtg: rated, WRtg_SF: scaleFor(rated ?? 0, 'uint16') },
  };
}

/** Model 160's blocks: the strings the DTU reports, or as many as the family has until it does. */
function stringBlocks(reading: InverterReading, live: Live): Values[] {
  const count = live.strings.length || (reading.family?.dcInputs ?? 0);
  return Array.from({ length: count }, (_, index) => {
    const string = live.strings[index];
    return {
      ID: index + 1,
      IDStr: string?.name || `String ${index + 1}`,
      DCA: string?.A,
      DCV: string?.V,
      DCW: string?.W,
      DCWH: reading.stringEnergyWh[index],
    };
  });
}

/** A sum when every part is known (0 of none: no inverter on a phase feeds nothing there), else undefined. */
function sumAll(values: readonly (number | undefined)[]): number | undefined {
  if (values.some((value) => value === undefined)) return undefined;
  return values.reduce<number>((sum, value) => sum + value!, 0);
}

/** The sum of the parts that are known, undefined when none is. */
function sumKnown(values: readonly (number | undefined)[]): number | undefined {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length ? known.reduce((sum, value) => sum + value, 0) : undefined;
}

function mean(values: readonly (number | undefined)[]): number | undefined {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length ? known.reduce((sum, value) => sum + value, 0) / known.length : undefined;
}

const PHASES: readonly ModbusPhase[] = ['L1', 'L2', 'L3'];

export function plantState(readings: readonly InverterReading[]): ModbusState {
  const states = readings.map(inverterState);
  if (states.every((state) => state === 'unknown')) return 'unknown';
  if (states.includes('throttled')) return 'throttled';
  if (states.includes('producing')) return 'producing';
  if (states.includes('fault')) return 'fault';
  if (states.includes('sleeping')) return 'sleeping';
  return 'off';
}

/**
 * The plant's unit: model 103 with each single-phase inverter on its phase; its energy is
 * given (the plant's own floor: an inverter deleted from its DTU takes nothing away). Its power is
 * the sum of what is known (an inverter not heard counts nothing) and not implemented when
 * nothing is; currents and reactive power only when every part is known; voltages and the
 * frequency are the mean of the inverters that report them.
 */
export function plantModels(
  readings: readonly InverterReading[],
  controls: ControlRegisters,
  common: Common & { energyWh: number | undefined },
): ModelValues[] {
  const lives = readings.map((reading) => ({ reading, live: liveOf(reading) }));
  const singles = lives.filter(({ reading }) => !threePhase(reading));
  const threes = lives.filter(({ reading }) => threePhase(reading));
  const phaseCurrent = (phase: ModbusPhase, index: number) =>
    sumAll([
      ...singles.filter(({ reading }) => reading.phase === phase).map(({ live }) => live.A),
      // A three-phase inverter's own phase currents are known only where the DTU publishes them.
      ...threes.map(({ live }) => (index === 0 ? live.AphA : undefined)),
    ]);
  const rated = sumKnown(readings.map((reading) => reading.ratedW));
  const W = sumKnown(lives.map(({ live }) => live.W));
  const DCW = sumKnown(lives.map(({ live }) => live.DCW));
  const wScale = scaleFor(Math.max(rated ?? 0, Math.abs(W ?? 0), Math.abs(DCW ?? 0)), 'int16');
  const currents = PHASES.map(phaseCurrent);
  const strings = lives.flatMap(({ reading, live }) => stringBlocks(reading, live));
  const voltage = (phase: ModbusPhase) =>
    mean(singles.filter(({ reading }) => reading.phase === phase).map(({ live }) => live.V));
  return [
    {
      def: COMMON,
      values: {
        Mn: MANUFACTURER,
        Md: 'Plant',
        Opt: `${readings.length} inverters`,
        Vr: common.version,
        SN: 'plant',
        DA: common.unit,
      },
    },
    {
      def: INVERTER_3PH,
      values: {
        A: sumAll(lives.map(({ live }) => live.A)),
        AphA: currents[0],
        AphB: currents[1],
        AphC: currents[2],
        A_SF: -2,
        PPVphAB: mean(threes.map(({ live }) => live.V)),
        PhVphA: voltage('L1'),
        PhVphB: voltage('L2'),
        PhVphC: voltage('L3'),
        V_SF: -1,
        W,
        W_SF: wScale,
        Hz: mean(lives.map(({ live }) => live.Hz)),
        Hz_SF: -2,
        VA_SF: 0,
        VAr: sumAll(lives.map(({ live }) => live.VAr)),
        VAr_SF: 0,
        PF_SF: -1,
        WH: common.energyWh,
        WH_SF: 0,
        DCA_SF: -2,
        DCV_SF: -1,
        DCW,
        DCW_SF: wScale,
        Tmp_SF: -1,
        St: STATE_CODE[plantState(readings)],
      },
    },
    nameplate(rated),
    { def: CONTROLS, values: controlValues(controls) },
    { def: MPPT, values: { ...STRING_SCALES, N: strings.length }, repeats: strings },
  ];
}
