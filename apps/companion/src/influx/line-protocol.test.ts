import { describe, expect, it } from 'vitest';
import type { Sample } from '../recorder/sample';
import { linesOf } from './line-protocol';

const sample: Sample = {
  serial: '138291234501',
  name: 'Barn east',
  strings: ['East 1', ''],
  t: 1780400000000,
  ac: 412.5,
  dc: [210.1, 215.3],
  yieldDay: 1830,
  yieldTotal: 92.14,
  temperature: 41.2,
  limit: 100,
  reachable: true,
  producing: true,
};

describe('the push lines', () => {
  it('of one device carry no dtu tag', () => {
    expect(linesOf(sample)).toEqual([
      'opendtu_inverter,serial=138291234501,name=Barn\\ east power_ac=412.5,power_dc=425.4,yield_day=1830,yield_total=92.14,temperature=41.2,limit_relative=100,reachable=true,producing=true 1780400000000000000',
      'opendtu_string,serial=138291234501,name=Barn\\ east,string=1,string_name=East\\ 1 power=210.1 1780400000000000000',
      'opendtu_string,serial=138291234501,name=Barn\\ east,string=2 power=215.3 1780400000000000000',
    ]);
  });

  it('of a plant’s device name it in the dtu tag of every line', () => {
    const lines = linesOf(sample, 'barn');
    expect(lines).toHaveLength(3);
    for (const line of lines)
      expect(line).toMatch(/^opendtu_(inverter|string),dtu=barn,serial=138291234501,/);
    expect(linesOf({ ...sample, reachable: false }, 'barn')).toEqual([
      'opendtu_inverter,dtu=barn,serial=138291234501,name=Barn\\ east reachable=false,producing=true 1780400000000000000',
    ]);
  });
});
