import { useCallback, useState } from 'react';

/** The local-storage entry holding the owner's answer (spec §3): "1" allowed, "0" not. */
const STORAGE_KEY = 'allowVersionInfo';

function readPermission(): boolean | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === '1' ? true : value === '0' ? false : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the owner allowed the firmware version check; undefined until asked. The
 * check contacts a public service, so nothing is sent before an explicit yes.
 */
export function useVersionPermission(): [boolean | undefined, (allow: boolean) => void] {
  const [allowed, setAllowed] = useState(readPermission);
  const set = useCallback((allow: boolean) => {
    try {
      localStorage.setItem(STORAGE_KEY, allow ? '1' : '0');
    } catch {
      // Private mode without storage: the choice holds for this visit only.
    }
    setAllowed(allow);
  }, []);
  return [allowed, set];
}
