import type { ReactNode } from 'react';
import { useLoggedIn } from '../api/auth';
import { currentAppPath, Redirect } from '../components/router';
import { loginPath } from '../lib/route-paths';

/** Screens that need the admin (firmware upgrade, reboot) send visitors to the login first. */
export function RequireLogin({ children }: { children: ReactNode }) {
  return useLoggedIn() ? children : <Redirect to={loginPath(currentAppPath())} />;
}
