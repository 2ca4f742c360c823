import type { PlantAnswer } from '@opendtu/api';
import { useCallback, useEffect, useState } from 'react';
import { clearUser, isLoggedIn, useLoggedIn } from '../../api/auth';
import { ApiError } from '../../api/client';
import { repeatWhileVisible } from '../../lib/while-visible';
import { getPlant } from './plant-api';

/** How often the page asks while it is shown: the devices' live values change every few seconds. */
export const PLANT_POLL_MS = 2000;

export interface Plant {
  /** The last answer; kept while later requests fail. */
  answer: PlantAnswer | undefined;
  /** The last request's failure (not a 401), until one succeeds again. */
  error: ApiError | undefined;
  /** A device requires a login and none is stored (any more): polling waits for one. */
  needsLogin: boolean;
  /** The login form's answer, fetched with the credentials it checked. */
  loggedIn: (answer: PlantAnswer) => void;
}

/**
 * The plant, asked every 2 s while the tab is visible: a hidden tab asks nothing, and asks
 * at once when shown again. One request at a time; a slow answer skips the next tick.
 */
export function usePlant(): Plant {
  const [answer, setAnswer] = useState<PlantAnswer>();
  const [error, setError] = useState<ApiError>();
  const [refused, setRefused] = useState(false);
  // Logged in or out here or in another tab (a device's own app): ask again at once. A
  // refusal forgets the stored login, so one stored since (elsewhere too) is worth a try.
  const storedLogin = useLoggedIn();
  const needsLogin = refused && !storedLogin;

  useEffect(() => {
    if (needsLogin) return;
    let request: AbortController | undefined;
    const poll = (): void => {
      if (request) return;
      const current = (request = new AbortController());
      void getPlant(current.signal)
        .then(
          (next) => {
            if (current.signal.aborted) return;
            setAnswer(next);
            setError(undefined);
            setRefused(false);
          },
          (failure: unknown) => {
            if (current.signal.aborted || !(failure instanceof ApiError)) return;
            if (failure.status === 401) {
              // As the app's client does: credentials refused are forgotten (the devices'
              // apps share them), and the login is asked for.
              if (isLoggedIn()) clearUser();
              setRefused(true);
            } else setError(failure);
          },
        )
        .finally(() => {
          if (request === current) request = undefined;
        });
    };
    const stop = repeatWhileVisible(poll, PLANT_POLL_MS, true);
    return () => {
      stop();
      request?.abort();
    };
  }, [needsLogin, storedLogin]);

  const loggedIn = useCallback((next: PlantAnswer) => {
    setAnswer(next);
    setError(undefined);
    setRefused(false);
  }, []);

  return { answer, error, needsLogin, loggedIn };
}
