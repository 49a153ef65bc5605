import { Tabs, Typography } from 'antd';
import type { Actor } from '@tms/contracts/roles';
import { POLICY_READERS } from '@tms/contracts/policies';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { sessionKey, useSessionState } from '../../lib/use-session-state.ts';
import { CurrentDepartmentPolicyTab } from './components/current-department-policy-tab.tsx';
import { CurrentStaffPolicyTab } from './components/current-staff-policy-tab.tsx';
import { policiesTexts } from './i18n/index.ts';

type TabKey = 'staff' | 'department';
/** The tabs and the roles each is for (spec 002 §2, §6: the STAFF tab for HR, HRM, Admin). */
const TABS: { key: TabKey; roles: readonly Actor[] }[] = [
  { key: 'staff', roles: POLICY_READERS },
  { key: 'department', roles: POLICY_READERS },
];
const parseTab = (raw: unknown): TabKey => (raw === 'department' ? 'department' : 'staff');

/** /policy-settings/policy-management (spec 002 §2): tabs filtered by the user's roles; the active tab is remembered. */
export function PolicyManagementPage() {
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useSessionState(sessionKey('tms.policy-management.tab', user?.userName), parseTab);
  const { t } = policiesTexts.useT();
  const tabs = TABS.filter((x) => hasRole(user, ...x.roles));
  const active = tabs.some((x) => x.key === tab) ? tab : tabs[0]?.key;
  return (
    <>
      <Typography.Title level={4}>{t('management.title')}</Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => setTab(parseTab(key))}
        destroyOnHidden
        data-testid="policy-management-tabs"
        items={tabs.map((x) => ({
          key: x.key,
          label: x.key === 'staff' ? t('management.staffTab') : t('management.departmentTab'),
          children: x.key === 'staff' ? <CurrentStaffPolicyTab /> : <CurrentDepartmentPolicyTab />,
        }))}
      />
    </>
  );
}
