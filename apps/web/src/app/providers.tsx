import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { Locale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { expectAntdApp, feedbackHostFailed } from '../lib/antd-app.ts';
import { queryClient } from '../lib/query-client.ts';
import { onLanguageChange } from '../lib/i18n.ts';
import { setNumberLanguage } from '../lib/numbers.ts';
import { setServerMessageLanguage } from '../lib/server-messages.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { loadLocale } from './locale.ts';
import { TABLE_TOKENS, TAG_TOKENS } from './theme-contrast.ts';

// A host that cannot be fetched (a dropped connection) must not take the page down: the helpers fall back to antd's
// static functions and the slot shows nothing.
const FeedbackHost = lazy<ComponentType>(() =>
  import('./feedback-host.tsx').catch(() => {
    feedbackHostFailed();
    return { default: () => null };
  }),
);

/** Runs `then` once the browser is idle (Safari has no requestIdleCallback: a short timer there); answers a cancel. */
function whenIdle(then: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(then, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(then, 1500);
  return () => window.clearTimeout(timer);
}

/**
 * The holders of toasts, notices and confirmations (feedback-host.tsx) and the API the helpers outside components use
 * (notify, confirmDialog), fetched once the first screen is drawn — or at once when something asks for them first — so
 * the first load does not carry them. Signing out unmounts the app: the helpers then use antd's static API.
 */
function FeedbackSlot() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const withdraw = expectAntdApp(() => setWanted(true));
    const cancelIdle = whenIdle(() => setWanted(true));
    return () => {
      withdraw();
      cancelIdle();
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}

/** The base text style antd's `<App>` gave the page (colour, size, line height and font of the theme). */
function AppSurface({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
}

/**
 * antd's default blue (#1677ff, 4.1:1 on white) and its grey placeholder and secondary texts fall short of the
 * WCAG AA 4.5:1 contrast for normal text that the browser journeys check (axe-core): a darker blue of the same palette
 * (blue-7, 6.2:1) and greys of at least 4.5:1 on the white and #f5f5f5 surfaces; the danger colour red-7 #cf1322
 * (5.6:1 on white; antd's default #ff4d4f is 3.3:1) for danger buttons, form errors and error texts. A primary button
 * under the pointer turns darker (blue-8), not antd's lighter derived hover (#2e7ae6, 4.2:1 behind white text).
 */
export const BRAND_COLOR = '#0958d9';
export const ERROR_COLOR = '#cf1322';
const theme = {
  token: { colorPrimary: BRAND_COLOR, colorPrimaryHover: '#003eb3', colorLink: BRAND_COLOR, colorError: ERROR_COLOR, colorTextPlaceholder: '#707070', colorTextTertiary: '#6b6b6b', colorTextDescription: '#6b6b6b', borderRadius: 6, fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  components: { Tag: TAG_TOKENS, Table: TABLE_TOKENS },
};

/**
 * The language's formats and answers follow each switch (issue 25): antd's and dayjs's locale, number separators,
 * and every answer of the server that holds names in the reader's language (reference data) is fetched again.
 */
function useLanguageFollowers(): Locale | undefined {
  const [locale, setLocale] = useState<Locale | undefined>(undefined);
  useEffect(() => {
    let first = true;
    let latest = 0;
    return onLanguageChange((language) => {
      setNumberLanguage(language);
      void setServerMessageLanguage(language);
      const call = ++latest;
      void loadLocale(language).then((loaded) => {
        if (call === latest) setLocale(loaded);
      });
      if (!first) void queryClient.invalidateQueries();
      first = false;
    });
  }, []);
  return locale;
}

/**
 * A reader who asked their system for less motion (WCAG 2.3.3) gets antd without its animations: modals, drawers,
 * menus and toasts appear and go at once. The browser journeys ask for it too, so they never wait on a fade.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Query client, antd theme and locale, the page's base text style and the feedback host (lib/antd-app.ts). */
export function Providers({ children }: { children: ReactNode }) {
  const locale = useLanguageFollowers();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const themed = useMemo(() => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themed} locale={locale}>
        <AppSurface>{children}</AppSurface>
        <FeedbackSlot />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
