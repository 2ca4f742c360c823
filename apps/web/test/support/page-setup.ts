// The page a component test renders into, set up before and cleaned after each test of
// the file that calls one of these at its top level.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** English, every request answered with `body`, and nothing left behind after each test. */
export function inEnglish(body = '[]'): void {
  beforeEach(() => {
    localStorage.setItem('locale', 'en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body)),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/**
 * The page as index.html leaves it for the bundle: a <base> at the app's root (its boot
 * script sets one), English, nothing stored; after each test no stubs and real timers.
 */
export function asServed(): void {
  beforeEach(() => {
    if (!document.querySelector('base')) {
      const base = document.createElement('base');
      base.href = '/';
      document.head.appendChild(base);
    }
    localStorage.clear();
    localStorage.setItem('locale', 'en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

/** A JSON answer. */
export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Animation frames as timers (happy-dom paints nothing): for the form kit's focus step. */
export function framesAsTimers(): void {
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(callback, 0));
}
