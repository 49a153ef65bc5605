import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import { NOTICE_SECONDS, setAntdApp, TOAST_MAX_COUNT, TOAST_SECONDS } from '../lib/antd-app.ts';
import { queryClient } from '../lib/query-client.ts';
import { onLanguageChange } from '../lib/i18n.ts';
import { setNumberLanguage } from '../lib/numbers.ts';
import { setServerMessageLanguage } from '../lib/server-messages.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { loadLocale } from './locale.ts';
import { TABLE_TOKENS, TAG_TOKENS } from './theme-contrast.ts';

/** Hands the themed message/notification/modal API to helpers used outside components (notify, confirmDialog). */
function AntdAppBridge() {
  setAntdApp(App.useApp());
  // Signing out unmounts the app (the login page has no antd): helpers fall back to antd's static API until it returns.
  useEffect(() => () => setAntdApp(null), []);
  return null;
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

/** Query client, antd theme and locale, the antd App context (toasts 3 s, notices 5 s, at most 20 each: spec 000 §9). */
export function Providers({ children }: { children: ReactNode }) {
  const locale = useLanguageFollowers();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const themed = useMemo(() => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themed} locale={locale}>
        <App message={{ maxCount: TOAST_MAX_COUNT, duration: TOAST_SECONDS }} notification={{ maxCount: TOAST_MAX_COUNT, duration: NOTICE_SECONDS, placement: 'topRight' }}>
          <AntdAppBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
