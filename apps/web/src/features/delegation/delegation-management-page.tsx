import { Breadcrumb, Tabs, Typography } from 'antd';
import { DelegationExplanationTab } from './delegation-explanation-tab.tsx';
import { DelegationListTab } from './delegation-list-tab.tsx';
import { delegationTexts } from './i18n/index.ts';

/**
 * /timesheet/delegation-management (spec 001 §2.9; RULES.md §2: GROUP_LEAD, DULEAD, HR, HRM, ADMIN): the tabs
 * delegation_list and the explanation-request list.
 */
export function DelegationManagementPage() {
  const { t } = delegationTexts.useT();
  return (
    <>
      <Breadcrumb items={[{ title: t('breadcrumb') }, { title: t('title') }]} style={{ marginBottom: 8 }} />
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'delegation_list', label: t('tabs.list'), children: <DelegationListTab /> },
          { key: 'explanation_request', label: t('tabs.explanations'), children: <DelegationExplanationTab /> },
        ]}
        data-testid="delegation-tabs"
      />
    </>
  );
}
