import { describe, expect, it } from 'vitest';
import { FaultState, faultJson, parseFault, parseFaultOption } from '../src/sim/faults';

const HM = 0x114181234569;
const HMS = 0x116491234568;
const T0 = Date.parse('2025-06-21T10:00:00Z');

describe('parseFault: the JSON body of POST /emulator/faults', () => {
  it('reads each kind with serials as the device writes them', () => {
    const bodies: [object, object][] = [
      [
        { fault: 'inverter-silent', serial: '114181234569' },
        { fault: 'inverter-silent', serial: HM },
      ],
      [
        { fault: 'string-dark', serial: '116491234568', channel: 3 },
        { fault: 'string-dark', serial: HMS, channel: 3 },
      ],
      [
        { fault: 'limit-fails', serial: '114181234569' },
        { fault: 'limit-fails', serial: HM },
      ],
      [
        { fault: 'eventlog-entry', serial: '114181234569', id: 148 },
        { fault: 'eventlog-entry', serial: HM, id: 148 },
      ],
      [{ fault: 'device-vanish' }, { fault: 'device-vanish' }],
      [
        { fault: 'device-vanish', seconds: 30 },
        { fault: 'device-vanish', seconds: 30 },
      ],
    ];
    for (const [body, fault] of bodies) expect(parseFault(body)).toEqual(fault);
  });

  it('says what is wrong instead of guessing', () => {
    const wrong: unknown[] = [
      null,
      'inverter-silent',
      { fault: 'inverter-on-fire', serial: '114181234569' },
      { fault: 'inverter-silent' },
      { fault: 'inverter-silent', serial: 114181234569 },
      { fault: 'inverter-silent', serial: '0' },
      { fault: 'inverter-silent', serial: '11418123456x' },
      { fault: 'string-dark', serial: '114181234569' },
      { fault: 'string-dark', serial: '114181234569', channel: -1 },
      { fault: 'string-dark', serial: '114181234569', channel: 1.5 },
      { fault: 'eventlog-entry', serial: '114181234569' },
      // Only the low byte of a message id reaches the DTU (inverters.md §3.1).
      { fault: 'eventlog-entry', serial: '114181234569', id: 256 },
      { fault: 'device-vanish', seconds: 0 },
      { fault: 'device-vanish', seconds: '30' },
    ];
    for (const body of wrong) expect(typeof parseFault(body), JSON.stringify(body)).toBe('string');
  });
});

describe('parseFaultOption: --fault on the command line', () => {
  it('reads kind, serial and the channel or message id', () => {
    expect(parseFaultOption('inverter-silent:114181234569')).toEqual({
      fault: 'inverter-silent',
      serial: HM,
    });
    expect(parseFaultOption('string-dark:116491234568:2')).toEqual({
      fault: 'string-dark',
      serial: HMS,
      channel: 2,
    });
    expect(parseFaultOption('limit-fails:116491234568')).toEqual({ fault: 'limit-fails', serial: HMS });
    expect(parseFaultOption('eventlog-entry:114181234569:209')).toEqual({
      fault: 'eventlog-entry',
      serial: HM,
      id: 209,
    });
    expect(parseFaultOption('device-vanish')).toEqual({ fault: 'device-vanish' });
    expect(parseFaultOption('device-vanish:15')).toEqual({ fault: 'device-vanish', seconds: 15 });
  });

  it('refuses a malformed one with a message naming it', () => {
    for (const text of [
      'inverter-silent',
      'inverter-silent:114181234569:2',
      'string-dark:114181234569',
      'string-dark:114181234569:two',
      'eventlog-entry:114181234569:999',
      'device-vanish:soon',
      'device-vanish:5:5',
      'gremlins:114181234569',
    ]) {
      expect(() => parseFaultOption(text), text).toThrow(`--fault "${text}"`);
    }
  });
});

describe('FaultState', () => {
  it('answers per inverter and lists each standing fault once', () => {
    const state = new FaultState();
    state.add({ fault: 'inverter-silent', serial: HM }, T0);
    state.add({ fault: 'inverter-silent', serial: HM }, T0);
    state.add({ fault: 'string-dark', serial: HMS, channel: 1 }, T0);
    state.add({ fault: 'string-dark', serial: HMS, channel: 3 }, T0);
    state.add({ fault: 'limit-fails', serial: HMS }, T0);
    expect(state.isSilent(HM)).toBe(true);
    expect(state.isSilent(HMS)).toBe(false);
    expect(state.commandsFail(HMS)).toBe(true);
    expect(state.commandsFail(HM)).toBe(false);
    expect([...state.darkChannels(HMS)]).toEqual([1, 3]);
    expect(state.darkChannels(HM).size).toBe(0);
    expect(state.list(T0).map(faultJson)).toEqual([
      { fault: 'inverter-silent', serial: '114181234569' },
      { fault: 'string-dark', serial: '116491234568', channel: 1 },
      { fault: 'string-dark', serial: '116491234568', channel: 3 },
      { fault: 'limit-fails', serial: '116491234568' },
    ]);
  });

  it('hands each event-log entry out once and does not list it', () => {
    const state = new FaultState();
    state.add({ fault: 'eventlog-entry', serial: HM, id: 148 }, T0);
    state.add({ fault: 'eventlog-entry', serial: HM, id: 148 }, T0);
    expect(state.list(T0)).toEqual([]);
    expect(state.takeEvents()).toEqual([
      { serial: HM, id: 148 },
      { serial: HM, id: 148 },
    ]);
    expect(state.takeEvents()).toEqual([]);
  });

  it('ends a timed vanish by itself and keeps an untimed one until cleared', () => {
    const state = new FaultState();
    state.add({ fault: 'device-vanish', seconds: 10 }, T0);
    expect(state.vanished(T0)).toBe(true);
    expect(state.vanishEndsAt).toBe(T0 + 10_000);
    expect(state.list(T0 + 2_500)).toEqual([{ fault: 'device-vanish', seconds: 8 }]);
    expect(state.vanished(T0 + 10_000)).toBe(false);
    expect(state.list(T0 + 10_000)).toEqual([]);

    state.add({ fault: 'device-vanish' }, T0);
    expect(state.vanishEndsAt).toBeUndefined();
    expect(state.vanished(T0 + 86_400_000)).toBe(true);
    expect(state.clear({ fault: 'device-vanish' }, T0)).toBe(1);
    expect(state.vanished(T0)).toBe(false);
  });

  it('clears what the filter names and leaves the rest', () => {
    const state = new FaultState();
    state.add({ fault: 'inverter-silent', serial: HM }, T0);
    state.add({ fault: 'limit-fails', serial: HM }, T0);
    state.add({ fault: 'string-dark', serial: HMS, channel: 0 }, T0);
    state.add({ fault: 'string-dark', serial: HMS, channel: 2 }, T0);
    state.add({ fault: 'device-vanish' }, T0);
    expect(state.clear({ fault: 'string-dark', channel: 2 }, T0)).toBe(1);
    expect(state.clear({ serial: HM }, T0)).toBe(2);
    expect(state.list(T0)).toEqual([
      { fault: 'string-dark', serial: HMS, channel: 0 },
      { fault: 'device-vanish' },
    ]);
    expect(state.clear({}, T0)).toBe(2);
    expect(state.list(T0)).toEqual([]);
    expect(state.vanished(T0)).toBe(false);
  });

  it('tells its listeners about every change', () => {
    const state = new FaultState();
    let calls = 0;
    const unsubscribe = state.onChange(() => (calls += 1));
    state.add({ fault: 'device-vanish', seconds: 5 }, T0);
    state.clear({}, T0);
    unsubscribe();
    state.add({ fault: 'device-vanish' }, T0);
    expect(calls).toBe(2);
  });
});
