import { describe, expect, it } from 'vitest';
import { groupMax, splitLimit, type SplitTarget } from '../src/lib/limit-split';

const target = (serial: string, maxPower: number, excluded?: SplitTarget['excluded']): SplitTarget => ({
  serial,
  maxPower,
  excluded,
});
const values = (parts: ReturnType<typeof splitLimit>) => parts.map((part) => part.value);
const sum = (parts: ReturnType<typeof splitLimit>) => parts.reduce((s, part) => s + (part.value ?? 0), 0);

describe('one limit for several inverters (issue 23)', () => {
  it('splits by rated power: a 2250 W inverter gets 2.8 times an 800 W one', () => {
    const parts = splitLimit(3050, false, false, [target('a', 2250), target('b', 800)]);
    expect(values(parts)).toEqual([2250, 800]);
    expect(values(splitLimit(1525, false, false, [target('a', 2250), target('b', 800)]))).toEqual([
      1125, 400,
    ]);
  });

  it('splits equally when asked, whatever the ratings', () => {
    expect(values(splitLimit(1000, false, true, [target('a', 2250), target('b', 800)]))).toEqual([500, 500]);
  });

  it('caps a part at what its inverter takes, says so, and gives the rest to the others', () => {
    // Equal shares would be 1000 each; the 600 W inverter takes at most 600.
    const parts = splitLimit(3000, false, true, [target('a', 600), target('b', 2250), target('c', 2250)]);
    expect(values(parts)).toEqual([600, 1200, 1200]);
    expect(parts[0]!.note).toEqual({ key: 'home.LimitRangeHint', max: 600 });
    expect(parts[1]!.note).toBeUndefined();
    // Water filling goes on while someone is over: 300 W left for b after a and c are capped.
    const deep = splitLimit(1100, false, true, [target('a', 300), target('b', 2250), target('c', 400)]);
    expect(values(deep)).toEqual([300, 400, 400]);
  });

  it('rounds to whole watts that add up to the total (largest remainder)', () => {
    const three = [target('a', 800), target('b', 800), target('c', 800)];
    const parts = splitLimit(1000, false, false, three);
    expect(values(parts)).toEqual([334, 333, 333]);
    expect(sum(parts)).toBe(1000);
    const uneven = [target('a', 700), target('b', 1500), target('c', 2250), target('d', 300)];
    for (const total of [1, 999, 1234, 4321, 4750]) {
      const split = splitLimit(total, false, false, uneven);
      expect(sum(split)).toBe(total);
      split.forEach((part, i) => expect(part.value).toBeLessThanOrEqual(uneven[i]!.maxPower));
    }
    expect(sum(splitLimit(1000.4, false, false, three))).toBe(1000);
  });

  it('gives nothing to an inverter that takes no limit, with its reason, and leaves it out of the maximum', () => {
    const off = { key: 'inverteradmin.StatusOff', what: 'Send commands' };
    const targets = [target('a', 800), target('b', 800, off), target('c', 1600)];
    const parts = splitLimit(1200, false, false, targets);
    expect(values(parts)).toEqual([400, undefined, 800]);
    expect(parts[1]!.note).toBe(off);
    expect(groupMax(targets)).toBe(2400);
  });

  it('counts an inverter of unknown model as the 2250 W the device then allows, and says so', () => {
    const targets = [target('a', 0), target('b', 2250)];
    expect(groupMax(targets)).toBe(4500);
    const parts = splitLimit(3000, false, false, targets);
    expect(values(parts)).toEqual([1500, 1500]);
    expect(parts[0]!.note).toEqual({ key: 'devinfo.UnknownModel' });
  });

  it('sends a relative limit to each inverter as it is', () => {
    const parts = splitLimit(37.5, true, false, [
      target('a', 800),
      target('b', 0),
      target('c', 600, { key: 'x' }),
    ]);
    expect(values(parts)).toEqual([37.5, 37.5, undefined]);
    expect(parts[0]!.note).toBeUndefined();
  });
});
