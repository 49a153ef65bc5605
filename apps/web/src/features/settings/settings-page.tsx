import { lazy, Suspense, type ReactNode } from 'react';
import { Spin, Tabs, Typography } from 'antd';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { sessionKey, useSessionState } from '../../lib/use-session-state.ts';
import { PayrollPeriodsTab } from './components/payroll-periods-tab.tsx';
import { WorkTypesTab } from './components/work-types-tab.tsx';
import { HolidaysTab } from './components/holidays/holidays-tab.tsx';
import { settingsTexts } from './i18n/index.ts';
import { useCheckInTabTitles } from './components/check-in-places/tab-titles.ts';

// Issue 28: the check-in places and kiosks tabs load with their own code.
const CheckInPlacesTab = lazy(() => import('./components/check-in-places/places-tab.tsx').then((m) => ({ default: m.CheckInPlacesTab })));
// Issue 30 §4: the reminders tab (HR, HRM, Admin: the page's readers).
const RemindersTab = lazy(() => import('./components/reminders/reminders-tab.tsx').then((m) => ({ default: m.RemindersTab })));
const KiosksTab = lazy(() => import('./components/check-in-places/kiosks-tab.tsx').then((m) => ({ default: m.KiosksTab })));

const TABS = ['working-type', 'payroll-period', 'holidays', 'check-in-places', 'kiosks', 'reminders'] as const;
type TabKey = (typeof TABS)[number];
const parseTab = (raw: unknown): TabKey => ((TABS as readonly unknown[]).includes(raw) ? (raw as TabKey) : 'working-type');

/** /settings/settings-config (spec 002 §2 Settings): Working Type, Payroll Period and Holidays tabs; the active tab is kept for the session. */
export function SettingsPage() {
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useSessionState<TabKey>(sessionKey('settings-tab', user?.userName), parseTab);
  const { t } = settingsTexts.useT();
  const tabTitles = useCheckInTabTitles();
  const placeManager = hasRole(user, 'ADMIN', 'HR');
  const admin = hasRole(user, 'ADMIN');
  const lazyTab = (node: ReactNode) => <Suspense fallback={<Spin />}>{node}</Suspense>;
  return (
    <>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(parseTab(key))}
        destroyOnHidden
        data-testid="settings-tabs"
        items={[
          { key: 'working-type', label: t('tabs.workingType'), children: <WorkTypesTab /> },
          { key: 'payroll-period', label: t('tabs.payrollPeriod'), children: <PayrollPeriodsTab /> },
          { key: 'holidays', label: t('tabs.holidays'), children: <HolidaysTab /> },
          ...(placeManager ? [{ key: 'check-in-places', label: tabTitles.places, children: lazyTab(<CheckInPlacesTab />) }] : []),
          ...(admin ? [{ key: 'kiosks', label: tabTitles.kiosks, children: lazyTab(<KiosksTab />) }] : []),
          { key: 'reminders', label: t('tabs.reminders'), children: lazyTab(<RemindersTab />) },
        ]}
      />
    </>
  );
}
