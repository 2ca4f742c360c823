// The register layout as the clients' own code reads it: the offsets Victron's dbus-fronius
// and evcc use (from their public sources) must hold in what we build.
import { describe, expect, it } from 'vitest';
import { NOT_IMPLEMENTED, putString, rawOf, scaleFor, signed16 } from './encode';
import { BASE_ADDRESS, buildImage, modelAddresses } from './image';
import { COMMON, CONTROLS, INVERTER_1PH, MPPT, NAMEPLATE, offsets } from './models';

const text = (registers: Uint16Array, from: number, size: number): string =>
  [...registers.subarray(from, from + size)]
    .flatMap((register) => [register >> 8, register & 0xff])
    .filter((byte) => byte !== 0)
    .map((byte) => String.fromCharCode(byte))
    .join('');

describe('the model layouts', () => {
  it('have the lengths SunSpec gives them', () => {
    const image = buildImage([
      { def: COMMON, values: {} },
      { def: INVERTER_1PH, values: {} },
      { def: NAMEPLATE, values: {} },
      { def: CONTROLS, values: {} },
      { def: MPPT, values: {}, repeats: [{}, {}] },
    ]);
    // Each header: id, then length; the lengths of models 1, 101, 120, 123, 160 with 2 strings.
    const headers: [number, number][] = [];
    for (let at = 2; image[at] !== 0xffff; at += 2 + image[at + 1]!)
      headers.push([image[at]!, image[at + 1]!]);
    expect(headers).toEqual([
      [1, 66],
      [101, 50],
      [120, 26],
      [123, 24],
      [160, 48],
    ]);
  });

  it('put the points where dbus-fronius and evcc read them', () => {
    // Counted from each model's header (its id), as dbus-fronius counts.
    const inModel = (def: typeof COMMON, name: string) => 2 + offsets(def.points).get(name)!;
    expect(inModel(COMMON, 'SN')).toBe(50);
    expect(inModel(COMMON, 'Vr')).toBe(42);
    expect(inModel(INVERTER_1PH, 'W')).toBe(14);
    expect(inModel(INVERTER_1PH, 'W_SF')).toBe(15);
    expect(inModel(INVERTER_1PH, 'WH')).toBe(24);
    expect(inModel(INVERTER_1PH, 'WH_SF')).toBe(26);
    expect(inModel(INVERTER_1PH, 'St')).toBe(38);
    expect(inModel(NAMEPLATE, 'WRtg')).toBe(3);
    expect(inModel(NAMEPLATE, 'WRtg_SF')).toBe(4);
    expect(inModel(CONTROLS, 'WMaxLimPct')).toBe(5);
    expect(inModel(CONTROLS, 'WMaxLim_Ena')).toBe(9);
    expect(inModel(CONTROLS, 'WMaxLimPct_SF')).toBe(23);
    // Model 160: the strings start 10 after the header, 20 registers each, DCV at 10, DCW at 11.
    expect(2 + offsets(MPPT.points).get('N')!).toBe(8);
    const repeat = offsets(MPPT.repeat!);
    expect([repeat.get('DCV'), repeat.get('DCW')]).toEqual([10, 11]);
  });

  it('writes values scaled, strings two letters a register, and unknowns as not implemented', () => {
    const image = buildImage([
      { def: COMMON, values: { Mn: 'OpenDTU companion', SN: '114181234569', DA: 3 } },
      {
        def: INVERTER_1PH,
        values: { W: 412.3, W_SF: 0, A: 1.78, A_SF: -2, WH: 2_434_568, WH_SF: 0, Hz: undefined, Hz_SF: -2 },
      },
    ]);
    const common = 2 + 2;
    expect(text(image, common, 16)).toBe('OpenDTU companion');
    expect(text(image, common + 48, 16)).toBe('114181234569');
    expect(image[common + 64]).toBe(3);
    const inverter = 2 + 68 + 2;
    const at = (name: string) => inverter + offsets(INVERTER_1PH.points).get(name)!;
    expect(image[at('W')]).toBe(412);
    expect(image[at('A')]).toBe(178);
    expect(signed16(image[at('A_SF')]!)).toBe(-2);
    expect(image[at('WH')]! * 0x10000 + image[at('WH') + 1]!).toBe(2_434_568);
    expect(image[at('Hz')]).toBe(0xffff);
    expect(image[at('PhVphB')]).toBe(0xffff);
    expect(image[at('TmpCab')]).toBe(0x8000);
    expect(image[at('V_SF')]).toBe(0x8000);
    expect(image.at(-2)).toBe(0xffff);
    expect(image.at(-1)).toBe(0);
    expect(modelAddresses([{ def: COMMON }, { def: INVERTER_1PH }]).get(101)).toBe(BASE_ADDRESS + 70);
  });
});

describe('encoding', () => {
  it('gives negative values in two complement and refuses what does not fit', () => {
    expect(rawOf('int16', -5)).toBe(0xfffb);
    expect(rawOf('int16', 40_000)).toBe(NOT_IMPLEMENTED.int16);
    expect(rawOf('uint16', -1)).toBe(NOT_IMPLEMENTED.uint16);
    expect(rawOf('acc32', 0)).toBe(0);
    expect(rawOf('uint16', 230.4, -1)).toBe(2304);
  });

  it('writes strings as printable ASCII, a ? for any other letter, cut to their size', () => {
    const registers = new Uint16Array(4).fill(0xffff);
    putString(registers, 0, 3, 'Süd 😀 roof');
    expect(text(registers, 0, 3)).toBe('S?d ? ');
    expect(registers[3]).toBe(0xffff);
    putString(registers, 0, 3, undefined);
    expect([...registers.subarray(0, 3)]).toEqual([0, 0, 0]);
  });

  it('chooses a scale factor at which a large plant still fits', () => {
    expect(scaleFor(2250, 'int16')).toBe(0);
    expect(scaleFor(40_000, 'int16')).toBe(1);
    expect(scaleFor(70_000, 'uint16')).toBe(1);
  });
});
