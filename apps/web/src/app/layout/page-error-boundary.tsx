import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { isChunkLoadError } from '../../lib/chunk-load-error.ts';
import { appTexts } from '../i18n/index.ts';
import { layoutTexts } from './i18n/index.ts';
import './page-error.css';

/**
 * What a page that failed says in its place, in the reader's language, with a way on: reload the page. The menus,
 * the bell and the user menu stay usable around it, so the reader can also go to another page.
 */
function PageFailed({ error }: { error: unknown }) {
  const { t } = layoutTexts.useT();
  // The hint and the action are the app's own (app-failed.tsx says the same when the whole app fails).
  const { t: tApp } = appTexts.useT();
  const chunk = isChunkLoadError(error);
  return (
    <div className="tms-page-failed" role="alert" data-testid="page-failed">
      <h2 className="tms-title-4 tms-page-failed-title">{chunk ? t('pageFailed.loadTitle') : t('pageFailed.errorTitle')}</h2>
      <p>{chunk ? tApp('failed.loadHint') : t('pageFailed.errorHint')}</p>
      <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => window.location.reload()} data-testid="page-failed-reload">
        {tApp('failed.reload')}
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
