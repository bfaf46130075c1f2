import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useCurrentUser } from '../lib/auth';

/** Screens for signed-in users: a signed-out visitor is sent to /login. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  if (!user) return <Redirect to="/login" replace />;
  return <>{children}</>;
}
