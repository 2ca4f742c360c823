import { useCallback, useEffect, useState } from 'react';
import { useLoggedIn } from '../../api/auth';
import { ApiError } from '../../api/client';

export interface PlantLoad<T> {
  /** The answer of the current `load`; undefined while it is asked. */
  data: T | undefined;
  /** Its failure (not a 401). */
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
 */
export function usePlantLoad<T>(load: (signal: AbortSignal) => Promise<T>): PlantLoad<T> {
  const loggedIn = useLoggedIn();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result<T>>();

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setResult({ load, attempt, data }),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        const error = failure instanceof ApiError ? failure : new ApiError(String(failure), 0);
        setResult(error.status === 401 ? { load, attempt, needsLogin: true } : { load, attempt, error });
      },
    );
    return () => controller.abort();
  }, [load, attempt, loggedIn]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const current = result?.load === load && result.attempt === attempt ? result : undefined;
  return {
    data: current?.data,
    error: current?.error,
    needsLogin: current?.needsLogin ?? false,
    retry,
  };
}
