import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMEOUT_MS, commandOf, sendCommand, settle, useCommands, type Command } from '../src/api/commands';

const AT = Date.parse('2026-06-21T22:00:00Z');
const limit = (extra: Partial<Command> = {}): Command => ({
  serial: '114181234567',
  kind: 'limit',
  value: 50,
  relative: true,
  persistent: false,
  at: AT,
  state: 'pending',
  ...extra,
});

describe('a command followed to its end (issue 26)', () => {
  it('waits while the device says Pending and is confirmed on Ok with the limit in effect', () => {
    const waiting = settle(limit(), { set: 'Pending', relative: 100, max: 800 }, AT + 1000);
    expect(waiting).toMatchObject({ state: 'pending', seen: true, late: false });
    expect(settle(waiting, { set: 'Ok', relative: 50, max: 800 }, AT + 2000).state).toBe('ok');
  });

  it('is confirmed on an Ok that shows the new limit even without a Pending in between', () => {
    expect(settle(limit(), { set: 'Ok', relative: 50, max: 800 }, AT + 500).state).toBe('ok');
    const watts = limit({ value: 400, relative: false });
    expect(settle(watts, { set: 'Ok', relative: 50, max: 800 }, AT + 500).state).toBe('ok');
  });

  it('reports a command the device dropped (Ok, limit unchanged, never under way) as not done', () => {
    expect(settle(limit(), { set: 'Ok', relative: 100, max: 800 }, AT + 500).state).toBe('dropped');
  });

  it('shows Failure, becomes late after 10 s and gives up after the timeout, never calling it done', () => {
    const failed = settle(limit(), { set: 'Failure', relative: 100, max: 800 }, AT + 10_500);
    expect(failed).toMatchObject({ state: 'failure', late: true });
    // The DTU re-sends: Pending again, still late.
    expect(settle(failed, { set: 'Pending', relative: 100 }, AT + 30_000)).toMatchObject({
      state: 'pending',
      late: true,
    });
    expect(settle(failed, { set: 'Pending', relative: 100 }, AT + TIMEOUT_MS + 1).state).toBe('timeout');
  });

  it('keeps the same object while nothing changed, and leaves settled commands alone', () => {
    const waiting = settle(limit(), { set: 'Pending', relative: 100 }, AT + 1000);
    expect(settle(waiting, { set: 'Pending', relative: 100 }, AT + 2000)).toBe(waiting);
    const done = limit({ state: 'ok' });
    expect(settle(done, { set: 'Failure' }, AT + 1000)).toBe(done);
  });

  it('confirms a power command on Ok', () => {
    const off: Command = { serial: '1', kind: 'power', action: 'off', at: AT, state: 'pending' };
    expect(settle(off, { set: 'Ok' }, AT + 300).state).toBe('ok');
  });
});

describe('the command module over the network', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('polls the status only while a command is open, then stops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: AT });
    let status = 'Pending';
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        calls.push(path);
        const body =
          path === 'api/limit/config'
            ? { type: 'success', message: 'Settings saved!', code: 1001 }
            : {
                '114181234567': {
                  limit_relative: status === 'Ok' ? 50 : 100,
                  max_power: 800,
                  limit_set_status: status,
                },
              };
        return new Response(JSON.stringify(body));
      }),
    );
    const { result } = renderHook(() => useCommands());
    const answer = await act(() =>
      sendCommand({ serial: '114181234567', kind: 'limit', value: 50, relative: true }),
    );
    expect(answer?.code).toBe(1001);
    const state = () => commandOf(result.current, 'limit', '114181234567')?.state;
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(state()).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls.filter((path) => path === 'api/limit/status').length).toBe(2);
    status = 'Ok';
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(state()).toBe('ok');
    const polls = calls.length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(calls.length).toBe(polls);
  });
});
