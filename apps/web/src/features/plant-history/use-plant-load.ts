import { useCallback, useEffect, useState } from 'react';
import { useLoggedIn } from '../../api/auth';
import { ApiError } from '../../api/client';
import { repeatWhileVisible } from '../../lib/while-visible';

export interface PlantLoad<T> {
  /** The answer of the current `load`; undefined while it is first asked. */
  data: T | undefined;
  /** Its failure (not a 401); a failed refresh keeps the data it could not renew. */
  error: ApiError | undefined;
  /** A device requires a login for reading and the stored one (if any) was refused. */
  needsLogin: boolean;
  retry: () => void;
}

interface Result<T> {
  load: (signal: AbortSignal) => Promise<T>;
  attempt: number;
  data?: T;
  error?: ApiError;
  needsLogin?: boolean;
}

/**
 * One answer of the plant's history, asked again when `load` changes (another day or
 * period), on `retry`, and when a login is stored or dropped (on the plant page, or in a
 * device's app in another tab). An answer is only ever shown for the request it answers.
 *
 * With `refreshMs` (a view that contains the plant's today, still being recorded) it is
 * also asked again that often while the tab is visible, and at once when it is shown
 * again, so a page left open follows the day. The answer shown stays until the next one
 * arrives: a refresh never blanks the view. One request at a time.
 */
export function usePlantLoad<T>(load: (signal: AbortSignal) => Promise<T>, refreshMs?: number): PlantLoad<T> {
  const loggedIn = useLoggedIn();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result<T>>();

  useEffect(() => {
    let request: AbortController | undefined;
    const ask = (): void => {
      if (request) return;
      const controller = (request = new AbortController());
      load(controller.signal)
        .then(
          (data) => {
            if (!controller.signal.aborted) setResult({ load, attempt, data });
          },
          (failure: unknown) => {
            if (controller.signal.aborted) return;
            const error = failure instanceof ApiError ? failure : new ApiError(String(failure), 0);
            setResult((before) =>
              error.status === 401
                ? { load, attempt, needsLogin: true }
                : {
                    load,
                    attempt,
                    error,
                    data: before?.load === load && before.attempt === attempt ? before.data : undefined,
                  },
            );
          },
        )
        .finally(() => {
          if (request === controller) request = undefined;
        });
    };
    ask();
    if (refreshMs === undefined) return () => request?.abort();
    const stop = repeatWhileVisible(ask, refreshMs, false);
    return () => {
      stop();
      request?.abort();
    };
  }, [load, attempt, loggedIn, refreshMs]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const current = result?.load === load && result.attempt === attempt ? result : undefined;
  return {
    data: current?.data,
    error: current?.error,
    needsLogin: current?.needsLogin ?? false,
    retry,
  };
}
