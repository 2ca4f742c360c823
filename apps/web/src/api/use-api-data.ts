import { useCallback, useEffect, useState } from 'react';
import { ApiError, loadInPlace } from './client';
import { useReportFailure } from './load-failure';

export interface ApiData<T> {
  data: T | undefined;
  isLoading: boolean;
  /** Loads again (reload button, pull-to-refresh). */
  reload: () => void;
}

/**
 * Loads data for a screen and reloads on demand. `load` must be stable (module-level or
 * useCallback). A failure is shown in place by the page frame and retried (load-failure);
 * a 401 leads to the login; the previous data stays.
 */
export function useApiData<T>(load: (signal: AbortSignal) => Promise<T>): ApiData<T> {
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<{ version: number; data: T | undefined; error?: ApiError }>({
    version: -1,
    data: undefined,
  });

  useEffect(() => {
    const controller = new AbortController();
    loadInPlace(() => load(controller.signal)).then(
      (data) => setResult({ version, data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failed = error instanceof ApiError && error.status !== 401 ? error : undefined;
        setResult((previous) => ({ version, data: previous.data, error: failed }));
      },
    );
    return () => controller.abort();
  }, [load, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  useReportFailure(result.error, reload);
  return { data: result.data, isLoading: result.version !== version, reload };
}
