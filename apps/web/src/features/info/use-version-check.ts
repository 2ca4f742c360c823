import { useEffect, useState } from 'react';
import { getFirmwareComparison } from '../../api/firmware-compare';
import { firmwareCompareUrl, type FirmwareVersion } from '../../lib/firmware-version';

export type VersionCheck =
  | { state: 'off' }
  | { state: 'checking' }
  | { state: 'newer'; url: string }
  | { state: 'current' }
  | { state: 'failed'; error: string };

/**
 * Compares the running firmware with the newest code once per firmware and permission
 * (not on every reload: the public service limits anonymous calls per hour).
 */
export function useVersionCheck(version: FirmwareVersion | undefined, allowed: boolean): VersionCheck {
  const url = version && allowed ? firmwareCompareUrl(version) : undefined;
  const [result, setResult] = useState<{ url: string; check: VersionCheck }>();

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    getFirmwareComparison(url, controller.signal).then(
      (answer) =>
        setResult({
          url,
          check: answer.total_commits > 0 ? { state: 'newer', url: answer.html_url } : { state: 'current' },
        }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setResult({
            url,
            check: { state: 'failed', error: error instanceof Error ? error.message : String(error) },
          });
      },
    );
    return () => controller.abort();
  }, [url]);

  if (!url) return { state: 'off' };
  return result?.url === url ? result.check : { state: 'checking' };
}
