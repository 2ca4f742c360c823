import { useCallback, useEffect, useState } from 'react';

export interface ApiData<T> {
  data: T | undefined;
  isLoading: boolean;
  /** Loads again (reload button, pull-to-refresh). */
  reload: () => void;
}

/**
 * Loads data for a screen and reloads on demand. `load` must be stable (module-level or
 * useCallback). Failures are left to the client, which shows the login or Error screen;
 * the previous data stays.
 */
export function useApiData<T>(load: (signal: AbortSignal) => Promise<T>): ApiData<T> {
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<{ version: number; data: T | undefined }>({
    version: -1,
    data: undefined,
  });

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setResult({ version, data }),
      () => {
        if (!controller.signal.aborted) setResult((previous) => ({ version, data: previous.data }));
      },
    );
    return () => controller.abort();
  }, [load, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { data: result.data, isLoading: result.version !== version, reload };
}
