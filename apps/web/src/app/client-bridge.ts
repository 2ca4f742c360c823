import { useEffect } from 'react';
import { setClientHandlers } from '../api/client';
import { ROUTES, errorPath, loginPath } from '../lib/route-paths';
import { currentAppPath, useLocation } from '../components/router';

/** Connects the API client's failures to the router: 401 -> login, others -> Error. */
export function useClientNavigation(): void {
  const [, navigate] = useLocation();
  useEffect(
    () =>
      setClientHandlers({
        unauthorized: () => {
          const here = currentAppPath();
          if (!here.startsWith(ROUTES.login)) navigate(loginPath(here));
        },
        failed: (error) => navigate(errorPath(error.message, error.status, currentAppPath())),
      }),
    [navigate],
  );
}
