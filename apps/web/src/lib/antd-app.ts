/**
 * The antd feedback API (message, notification, modal) for helpers called outside components (notify, confirmDialog).
 * Its code (antd's message, notification and modal with their holders, ≈ 19 KB gzip) is not part of the first load:
 * `app/feedback-host.tsx` is fetched when the browser is idle after the app's first render, or at the first call before
 * that, and registers the API here; calls made meanwhile wait and are shown once it is there (docs/ARCHITECTURE.md
 * "Web").
 */
import type { AntdAppApi } from './feedback-config.ts';

type Use = (api: AntdAppApi) => void;

let current: AntdAppApi | null = null;
const waiting: Use[] = [];
/** Asks the mounted app to fetch its feedback host now (app/providers.tsx); null while no app is mounted. */
let requestHost: (() => void) | null = null;

/** Registers (or, with null, withdraws) the API of the mounted feedback host and shows what waited for it. */
export function setAntdApp(api: AntdAppApi | null): void {
  current = api;
  if (api) for (const use of waiting.splice(0)) use(api);
}

/** The mounted app says it will load a feedback host when `request` is called; answers the function that withdraws. */
export function expectAntdApp(request: () => void): () => void {
  requestHost = request;
  if (waiting.length) request();
  return () => {
    if (requestHost === request) requestHost = null;
  };
}

/**
 * Runs `use` with the feedback API: at once when the host is loaded, after it loads otherwise. With no app mounted
 * (signing out unmounts it; the login page has no antd), antd's static functions configured the same way.
 */
export function withAntdApp(use: Use): void {
  if (current) {
    use(current);
    return;
  }
  waiting.push(use);
  if (requestHost) requestHost();
  else showThroughStaticApi();
}

/**
 * The feedback host could not be fetched (a dropped connection): what waits for it, and what comes later, goes through
 * antd's static functions instead, and the app stays on screen.
 */
export function feedbackHostFailed(): void {
  requestHost = null;
  if (waiting.length) showThroughStaticApi();
}

function showThroughStaticApi(): void {
  void import('./antd-static-feedback.ts').then(
    ({ staticFeedback }) => {
      if (!current) for (const waited of waiting.splice(0)) waited(staticFeedback());
    },
    () => undefined, // offline as well: nothing can be shown; the calls stay queued for a host that may still come
  );
}
