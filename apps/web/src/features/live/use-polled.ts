import { useEffect, useState } from 'react';

/** Loads now and then every `intervalMs` while mounted; `load` must be stable. */
export function usePolled<T>(load: () => Promise<T>, intervalMs: number): [T | undefined, () => void] {
  const [data, setData] = useState<T | undefined>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    const run = () =>
      void load().then(
        (value) => current && setData(value),
        () => undefined,
      );
    run();
    const timer = setInterval(run, intervalMs);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [load, intervalMs, version]);
  return [data, () => setVersion((v) => v + 1)];
}
