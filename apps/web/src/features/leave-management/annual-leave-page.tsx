import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { LazyTabs } from '../../components/lazy-tabs.tsx';
import { routeByName } from '@tms/contracts/routes';
import { useCurrentUser } from '../../lib/auth.ts';
import { leaveManagementTexts } from './i18n/index.ts';
import { visibleLeaveTabs, type BuiltLeaveTabKey } from './leave-tabs.ts';
import { useRememberedTab } from './use-remembered-tab.ts';

/** Each built tab's content, loaded when the tab is first shown. */
const TAB_CONTENT: Record<BuiltLeaveTabKey, LazyExoticComponent<ComponentType>> = {
  'annual-leave-overview': lazy(() =>
    import('./components/annual-leave-overview/annual-leave-overview-tab.tsx').then((m) => ({ default: m.AnnualLeaveOverviewTab })),
  ),
  'bonus-leave': lazy(() => import('./components/bonus-leave/bonus-leave-tab.tsx').then((m) => ({ default: m.BonusLeaveTab }))),
  'general-configuration': lazy(() => import('./components/general-config/general-config-tab.tsx').then((m) => ({ default: m.GeneralConfigTab }))),
  'leave-carryover': lazy(() => import('./components/leave-carryover/leave-carryover-tab.tsx').then((m) => ({ default: m.LeaveCarryoverTab }))),
};

const PAGE_PATH = routeByName('annual-leave').path;
const TAB_STORAGE_KEY = 'tms.leave-management.tab';

/**
 * /leave-management/annual-leave (spec 000 §2 "Leave management tabs"): the built tabs the user's roles unlock; the
 * active one is remembered until the user leaves the path. Inactive tabs are unmounted so they stop loading data.
 */
export function AnnualLeavePage() {
  const { data: user } = useCurrentUser();
  const { t } = leaveManagementTexts.useT();
  const tabs = visibleLeaveTabs(user?.roles ?? []).map((tab) => ({ key: tab.key, title: t(`tabs.${tab.key}`) }));
  const [activeKey, selectTab] = useRememberedTab(
    TAB_STORAGE_KEY,
    PAGE_PATH,
    tabs.map((tab) => tab.key),
  );

  return <LazyTabs tabs={tabs} content={TAB_CONTENT} activeKey={activeKey} onChange={selectTab} testId="leave-tabs" />;
}
