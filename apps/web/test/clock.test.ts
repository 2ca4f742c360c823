import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockFrame, readClock, subscribeClock } from '../src/api/clock';

// What the ages and clocks on screen read (components/use-now): each move is a render, so
// while live frames come the clock moves with them only, and without frames each second.

const START = Date.UTC(2026, 5, 21, 12, 0, 0, 300);

describe('the screens’ clock', () => {
  let moves: number[];
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    moves = [];
    stop = subscribeClock(() => moves.push(readClock()));
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('moves at each full second while no frame comes', () => {
    vi.advanceTimersByTime(3000);
    expect(moves).toEqual([START + 700, START + 1700, START + 2700]);
  });

  it('moves with each frame, and not on its own between frames a second apart', () => {
    clockFrame();
    for (let frame = 0; frame < 5; frame += 1) {
      vi.advanceTimersByTime(1100);
      clockFrame();
    }
    expect(moves).toEqual([0, 1, 2, 3, 4, 5].map((n) => START + n * 1100));
  });

  it('moves each second again once frames stop', () => {
    clockFrame();
    vi.advanceTimersByTime(4000);
    // The frame at .300 holds the moves of .000 of the next second; then each second.
    expect(moves).toEqual([START, START + 1700, START + 2700, START + 3700]);
  });

  it('stops its timer when nothing reads it', () => {
    stop();
    vi.advanceTimersByTime(3000);
    expect(moves).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
