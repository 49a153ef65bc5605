import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { ROUTES, type RouteDef } from '@tms/contracts/routes';
import { DefaultRedirect, PageSpinner, RequirePermission, RequireUser } from './guard.tsx';
import { PAGE_REGISTRY } from './page-registry.tsx';
import { Providers } from './providers.tsx';

/**
 * The app behind the login page (router.tsx loads this chunk for every path but /login): the providers (query client,
 * antd's theme, locale and feedback API) and every route of the app, each page lazy so its code loads when opened.
 */
const ChangePasswordPage = lazy(() => import('../features/auth/change-password-page.tsx').then((m) => ({ default: m.ChangePasswordPage })));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));
const KioskPage = lazy(() => import('../features/self-check-in/kiosk-page.tsx').then((m) => ({ default: m.KioskPage })));
const AppLayout = lazy(() => import('./layout/app-layout.tsx').then((m) => ({ default: m.AppLayout })));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

/** Group paths that lead to their first page (spec 000 §2, spec 002 §2 route table). */
export const GROUP_REDIRECTS: Record<string, string> = {
  '/leave-management': '/leave-management/annual-leave',
  '/employee': '/employee/employee-management',
  '/settings': '/settings/settings-config',
  '/policy-settings': '/policy-settings/policy-management',
};

function pageRoutes(): RouteObject[] {
  const out: RouteObject[] = [];
  for (const route of ROUTES as readonly RouteDef[]) {
    const Page = PAGE_REGISTRY[route.name as keyof typeof PAGE_REGISTRY];
    if (!route.built || !Page) continue;
    out.push({
      path: route.path,
      element: (
        <RequirePermission route={route}>
          <Page />
        </RequirePermission>
      ),
    });
  }
  return out;
}

function routeDef(name: string): RouteDef {
  return (ROUTES as readonly RouteDef[]).find((r) => r.name === name)!;
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      path: '/404',
      element: (
        <Lazy>
          <NotFoundPage />
        </Lazy>
      ),
    },
    {
      // RULES.md §2: every signed-in user; without a session → /login. Outside the layout (spec 002 Change Password).
      path: '/change-password',
      element: (
        <RequireUser>
          <RequirePermission route={routeDef('change-password')}>
            <Lazy>
              <ChangePasswordPage />
            </Lazy>
          </RequirePermission>
        </RequireUser>
      ),
    },
    {
      // Issue 28 §3: a kiosk has no user session; its token (stored on the browser) is its credential.
      path: '/kiosk',
      element: (
        <Lazy>
          <KioskPage />
        </Lazy>
      ),
    },
    {
      path: '/',
      element: (
        <RequireUser>
          <Lazy>
            <AppLayout />
          </Lazy>
        </RequireUser>
      ),
      children: [
        { index: true, element: <DefaultRedirect /> },
        ...Object.entries(GROUP_REDIRECTS).map(([path, to]) => ({ path, element: <Navigate to={to} replace /> })),
        ...pageRoutes(),
      ],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

const appRoutes = buildRoutes();

function AppRouteTree() {
  return useRoutes(appRoutes);
}

export function AppRoutes() {
  return (
    <Providers>
      <AppRouteTree />
    </Providers>
  );
}
