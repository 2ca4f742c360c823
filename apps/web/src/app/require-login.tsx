import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useLoggedIn } from '../api/auth';
import { loginPath } from '../lib/route-paths';
import { currentAppPath } from './base-path';

/** Screens that need the admin (firmware upgrade, reboot) send visitors to the login first. */
export function RequireLogin({ children }: { children: ReactNode }) {
  return useLoggedIn() ? children : <Redirect to={loginPath(currentAppPath())} replace />;
}
