import { Tabs, Typography } from 'antd';
import { useCurrentUser } from '../../lib/auth.ts';
import { sessionKey, useSessionState } from '../../lib/use-session-state.ts';
import { PayrollPeriodsTab } from './components/payroll-periods-tab.tsx';
import { WorkTypesTab } from './components/work-types-tab.tsx';

const TABS = ['working-type', 'payroll-period'] as const;
type TabKey = (typeof TABS)[number];
const parseTab = (raw: unknown): TabKey => ((TABS as readonly unknown[]).includes(raw) ? (raw as TabKey) : 'working-type');

/** /settings/settings-config (spec 002 §2 Settings): Working Type and Payroll Period tabs; the active tab is kept for the session. */
export function SettingsPage() {
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useSessionState<TabKey>(sessionKey('settings-tab', user?.userName), parseTab);
  return (
    <>
      <Typography.Title level={4}>Settings</Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(parseTab(key))}
        destroyOnHidden
        data-testid="settings-tabs"
        items={[
          { key: 'working-type', label: 'Working Type', children: <WorkTypesTab /> },
          { key: 'payroll-period', label: 'Payroll Period', children: <PayrollPeriodsTab /> },
        ]}
      />
    </>
  );
}
