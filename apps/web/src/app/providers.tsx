import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import { NOTICE_SECONDS, setAntdApp, TOAST_MAX_COUNT, TOAST_SECONDS } from '../lib/antd-app.ts';
import { queryClient } from '../lib/query-client.ts';

/** Hands the themed message/notification/modal API to helpers used outside components (notify, confirmDialog). */
function AntdAppBridge() {
  setAntdApp(App.useApp());
  return null;
}

const theme = {
  token: { colorPrimary: '#1677ff', borderRadius: 6, fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
};

/** Query client, antd theme and the antd App context (toasts 3 s, notices 5 s, at most 20 each: spec 000 §9). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        <App message={{ maxCount: TOAST_MAX_COUNT, duration: TOAST_SECONDS }} notification={{ maxCount: TOAST_MAX_COUNT, duration: NOTICE_SECONDS, placement: 'topRight' }}>
          <AntdAppBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
