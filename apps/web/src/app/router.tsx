import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { useSession } from '../lib/session.ts';
import { AppFailed } from './app-failed.tsx';

/**
 * The entry's router: the login page and, for every other path, the app (app-routes.tsx). Both are chunks of their
 * own, so the login page loads React, the router, i18next and its form only: no Ant Design, no query client, no app
 * shell (issue 26 part 5, bench:bundle). The app's routes are matched inside its chunk.
 */
const LoginPage = lazy(() => import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const AppRoutes = lazy(() => import('./app-routes.tsx').then((m) => ({ default: m.AppRoutes })));

/** Shown while a chunk loads: a plain box, as antd is not loaded yet (boot.css). */
function Loading({ testId }: { testId: string }) {
  return (
    <div className="tms-boot" data-testid={testId} aria-busy="true">
      <span className="tms-boot__spinner" />
    </div>
  );
}

/** /login: an authenticated user opening it goes to / (spec 000 §2). */
function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <Navigate to="/" replace />;
  return <>{children}</>;
}

export const router = createBrowserRouter([
  {
    path: '/login',
    errorElement: <AppFailed />,
    element: (
      <PublicOnly>
        <Suspense fallback={<Loading testId="page-loading" />}>
          <LoginPage />
        </Suspense>
      </PublicOnly>
    ),
  },
  {
    path: '*',
    errorElement: <AppFailed />,
    element: (
      <Suspense fallback={<Loading testId="app-loading" />}>
        <AppRoutes />
      </Suspense>
    ),
  },
]);
