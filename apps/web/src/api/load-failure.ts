// A screen whose data could not be loaded says so in place and tries again by itself:
// loads report their failure here (useApiData, the live store), the page frame shows it
// with a Try again button. Retries back off from 2 s to 30 s, and all run at once when
// the device answers again, so the page comes back on its own.
import { useEffect, useRef } from 'react';
import type { ApiError } from './client';
import { getConnection, subscribeConnection } from './connection';
import { smallStore } from './small-store';

export interface LoadFailure {
  error: ApiError;
  retry: () => void;
}

const failures = new Map<symbol, LoadFailure>();
const first = smallStore<LoadFailure | undefined>(undefined);
const publish = () => first.set(failures.values().next().value);

subscribeConnection(() => {
  if (getConnection().state === 'online') for (const failure of failures.values()) failure.retry();
});

/** Reports a load's failure while `error` is set; `retry` loads again (stable). */
export function useReportFailure(error: ApiError | undefined, retry: () => void): void {
  const attempts = useRef(0);
  useEffect(() => {
    if (!error) {
      attempts.current = 0;
      return;
    }
    const key = Symbol();
    failures.set(key, { error, retry });
    publish();
    const timer = setTimeout(retry, Math.min(30_000, 2000 * 2 ** attempts.current++));
    return () => {
      clearTimeout(timer);
      failures.delete(key);
      publish();
    };
  }, [error, retry]);
}

/** The first failure of the screen's loads, if any. */
export const useLoadFailure = first.use;
