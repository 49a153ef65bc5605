import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/chunk-load-error.ts';
import { appTexts } from './i18n/index.ts';

/**
 * The router's error element (router.tsx): what the reader sees when the login page's or the app's code cannot be
 * fetched (a dropped connection, or a new version installed while the tab was open), or when something outside a
 * page throws (the layout, a guard). A page's own failure is caught nearer, inside the layout
 * (layout/page-error-boundary.tsx). Without this, React Router shows its screen for developers, in English.
 * Plain elements styled in global.css: antd may be what could not be loaded.
 */
export function AppFailed() {
  const error = useRouteError();
  const { t } = appTexts.useT();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    // The browser's console is where a developer or support looks first.
    console.error(error);
  }, [error]);
  return (
    <main className="tms-app-failed">
      <div role="alert" data-testid="app-failed">
        <h1 className="tms-app-failed__title">{chunk ? t('failed.loadTitle') : t('failed.errorTitle')}</h1>
        <p>{chunk ? t('failed.loadHint') : t('failed.errorHint')}</p>
        <button type="button" className="tms-app-failed__reload" onClick={() => window.location.reload()} data-testid="app-failed-reload">
          {t('failed.reload')}
        </button>
      </div>
    </main>
  );
}
