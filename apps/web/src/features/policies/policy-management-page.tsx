import { Tabs, Typography } from 'antd';
import type { Actor } from '@tms/contracts/roles';
import { POLICY_READERS } from '@tms/contracts/policies';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { sessionKey, useSessionState } from '../../lib/use-session-state.ts';
import { CurrentDepartmentPolicyTab } from './components/current-department-policy-tab.tsx';
import { CurrentStaffPolicyTab } from './components/current-staff-policy-tab.tsx';

type TabKey = 'staff' | 'department';
/** The tabs and the roles each is for (spec 002 §2, §6: the STAFF tab for HR, HRM, Admin). */
const TABS: { key: TabKey; title: string; roles: readonly Actor[] }[] = [
  { key: 'staff', title: 'Current Staff Policy', roles: POLICY_READERS },
  { key: 'department', title: 'Current Department Policy', roles: POLICY_READERS },
];
const parseTab = (raw: unknown): TabKey => (raw === 'department' ? 'department' : 'staff');

/** /policy-settings/policy-management (spec 002 §2): tabs filtered by the user's roles; the active tab is remembered. */
export function PolicyManagementPage() {
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useSessionState(sessionKey('tms.policy-management.tab', user?.userName), parseTab);
  const tabs = TABS.filter((t) => hasRole(user, ...t.roles));
  const active = tabs.some((t) => t.key === tab) ? tab : tabs[0]?.key;
  return (
    <>
      <Typography.Title level={4}>Policy Management</Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => setTab(parseTab(key))}
        destroyOnHidden
        data-testid="policy-management-tabs"
        items={tabs.map((t) => ({ key: t.key, label: t.title, children: t.key === 'staff' ? <CurrentStaffPolicyTab /> : <CurrentDepartmentPolicyTab /> }))}
      />
    </>
  );
}
