import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { layoutTexts } from './i18n/index.ts';
import './page-error.css';

/**
 * Whether `error` is a page's code that could not be fetched: a dropped connection, or a new version of the app
 * whose files replaced the ones this tab was built against. The browsers word it differently (Chromium, Safari,
 * Firefox).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(message);
}

/**
 * What a page that failed says in its place, in the reader's language, with a way on: reload the page. The menus,
 * the bell and the user menu stay usable around it, so the reader can also go to another page.
 */
function PageFailed({ error }: { error: unknown }) {
  const { t } = layoutTexts.useT();
  const chunk = isChunkLoadError(error);
  return (
    <div className="tms-page-failed" role="alert" data-testid="page-failed">
      <h2 className="tms-page-failed-title">{chunk ? t('pageFailed.loadTitle') : t('pageFailed.errorTitle')}</h2>
      <p>{chunk ? t('pageFailed.loadHint') : t('pageFailed.errorHint')}</p>
      <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => window.location.reload()} data-testid="page-failed-reload">
        {t('pageFailed.reload')}
      </Button>
    </div>
  );
}

type Props = { children: ReactNode; /** The page's path: moving to another page tries again. */ path: string };

/**
 * Keeps a page that throws while it renders, or whose code cannot be fetched, from taking the whole app down (React
 * unmounts everything up to the nearest boundary). A move to another path clears the failure, without remounting a
 * page that did not fail.
 */
export class PageErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.path !== this.props.path && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The browser's console is where a developer or support looks first.
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <PageFailed error={this.state.error} /> : this.props.children;
  }
}
