import { useEffect, useState } from 'react';
import { getFile } from '../../api/file';

/**
 * The device's config.json as stored, loaded while `enabled`: undefined while loading,
 * null when it cannot be read (a missing file, a failed call), which only hides the preview.
 */
export function useCurrentConfig(enabled: boolean): Record<string, unknown> | null | undefined {
  const [config, setConfig] = useState<Record<string, unknown> | null>();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    getFile('config.json', { signal: controller.signal, handleErrors: false })
      .then((blob) => blob.text())
      .then((text) => JSON.parse(text) as Record<string, unknown>)
      .then(setConfig, () => {
        if (!controller.signal.aborted) setConfig(null);
      });
    return () => {
      controller.abort();
      setConfig(undefined);
    };
  }, [enabled]);
  return config;
}
