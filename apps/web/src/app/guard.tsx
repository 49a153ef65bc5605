import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spin } from 'antd';
import type { RouteDef } from '@tms/contracts/routes';
import { useApplyUserLanguage, useCurrentUser, useSession } from '../lib/auth.ts';
import { queryClient } from '../lib/query-client.ts';
import { clearSession } from '../lib/session.ts';
import { usePhoneLayout } from '../lib/use-phone-layout.ts';
import { isRouteAllowed, landingPath } from './route-access.ts';

export function PageSpinner() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240, width: '100%' }} data-testid="page-loading">
      <Spin size="large" />
    </div>
  );
}

function FullScreenSpinner() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }} data-testid="app-loading">
      <Spin size="large" />
    </div>
  );
}

/**
 * Needs a session (else /login) and the user's detail: fetched first when missing (spinner); if that fails the
 * session is cleared and the user goes to /login (spec 002 §2 "Route guard").
 */
export function RequireUser({ children }: { children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const user = useCurrentUser();
  const failed = session !== null && user.isError;
  useApplyUserLanguage(user.data);

  useEffect(() => {
    if (!failed) return;
    clearSession();
    queryClient.clear();
  }, [failed]);

  if (!session || failed) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!user.data) return <FullScreenSpinner />;
  return <>{children ?? <Outlet />}</>;
}

/** A page route: allowed when its name or parent is in `permissions` (or it ignores them), else /404. */
export function RequirePermission({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { data: user } = useCurrentUser();
  useEffect(() => {
    document.title = `${route.title} | TMS`;
  }, [route.title]);
  if (!user) return <FullScreenSpinner />;
  if (!isRouteAllowed(route, user.permissions)) return <Navigate to="/404" replace />;
  return <>{children}</>;
}

/** `/`: the user's default path (spec 002 §2; the first built page they may open until /timesheet exists). */
// Lazy: the guard is part of the login page's bundle, the welcome page is not.
const WelcomePage = lazy(() => import('../features/home/welcome-page.tsx').then((m) => ({ default: m.WelcomePage })));

export function DefaultRedirect() {
  const { data: user } = useCurrentUser();
  const phone = usePhoneLayout();
  if (!user) return <FullScreenSpinner />;
  // Issue 28 §2: on a phone, staff with an employee record land on their check-in page.
  const path = phone && user.employeeId !== null && user.permissions.includes('check-in') ? '/check-in' : landingPath(user);
  if (path !== '/') return <Navigate to={path} replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <WelcomePage name={user.name} />
    </Suspense>
  );
}
