import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Typography } from 'antd';
import { hasAnyRole, type Role } from '@tms/contracts/roles';
import { WORK_SCHEDULE_CONFIG_ROLES } from '@tms/contracts/work-schedule-config';
import { LazyTabs } from '../../components/lazy-tabs.tsx';
import { useCurrentUser } from '../../lib/auth.ts';
import { useSessionState } from '../../lib/use-session-state.ts';
import { workSchedulesTexts } from './i18n/index.ts';

/** spec 002 §2 Policy config: tabs filtered by roles (spec 002 §6: the work schedule config tab is for HR, HRM, Admin). */
const TABS = [{ key: 'work-schedule-config', visibleTo: WORK_SCHEDULE_CONFIG_ROLES }] as const satisfies readonly { key: string; visibleTo: readonly Role[] }[];
type TabKey = (typeof TABS)[number]['key'];

const CONTENT: Record<TabKey, LazyExoticComponent<ComponentType>> = {
  'work-schedule-config': lazy(() => import('./components/work-schedule-config-tab.tsx').then((m) => ({ default: m.WorkScheduleConfigTab }))),
};

/** /policy-settings/policy-config: the tabs the user's roles unlock; the active tab is kept for the session. */
export function PolicyConfigPage() {
  const { data: user } = useCurrentUser();
  const { t } = workSchedulesTexts.useT();
  const titles: Record<TabKey, string> = { 'work-schedule-config': t('policyConfig.workScheduleTab') };
  const tabs = TABS.filter((tab) => hasAnyRole(user?.roles ?? [], tab.visibleTo)).map((tab) => ({ ...tab, title: titles[tab.key] }));
  const [remembered, setRemembered] = useSessionState<string | undefined>(`tms.policy-config.tab:${user?.userName ?? ''}`, (raw) => (typeof raw === 'string' ? raw : undefined));
  const active = tabs.find((tab) => tab.key === remembered)?.key ?? tabs[0]?.key;

  return (
    <>
      <Typography.Title level={4}>{t('policyConfig.title')}</Typography.Title>
      {tabs.length === 0 ? (
        <Typography.Text type="secondary">{t('policyConfig.noTab')}</Typography.Text>
      ) : (
        <LazyTabs tabs={tabs} content={CONTENT} activeKey={active} onChange={setRemembered} testId="policy-config-tabs" />
      )}
    </>
  );
}
