import { Breadcrumb, Tabs, Typography } from 'antd';
import { DelegationExplanationTab } from './delegation-explanation-tab.tsx';
import { DelegationListTab } from './delegation-list-tab.tsx';

/**
 * /timesheet/delegation-management (spec 001 §2.9; RULES.md §2: GROUP_LEAD, DULEAD, HR, HRM, ADMIN): the tabs
 * delegation_list and the explanation-request list.
 */
export function DelegationManagementPage() {
  return (
    <>
      <Breadcrumb items={[{ title: 'Timesheet' }, { title: 'Delegation Management' }]} style={{ marginBottom: 8 }} />
      <Typography.Title level={4}>Delegation Management</Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'delegation_list', label: 'Delegation List', children: <DelegationListTab /> },
          { key: 'explanation_request', label: 'Explanation Request', children: <DelegationExplanationTab /> },
        ]}
        data-testid="delegation-tabs"
      />
    </>
  );
}
