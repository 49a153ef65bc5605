import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { LazyTabs, PageSpinner } from '../../components/lazy-tabs.tsx';
import { useCurrentUser } from '../../lib/auth.ts';
import { sessionKey, useSessionState } from '../../lib/use-session-state.ts';
import { pickTimesheetTab, visibleTimesheetTabs, type TimesheetTabKey } from './timesheet-tabs.ts';
import { timesheetTexts } from './i18n/index.ts';

/** Each tab's content, loaded when the tab is first shown. */
const TAB_CONTENT: Record<TimesheetTabKey, LazyExoticComponent<ComponentType>> = {
  'timesheet-list': lazy(() => import('./list/timesheet-list-tab.tsx').then((m) => ({ default: m.TimesheetListTab }))),
  'my-timesheet': lazy(() => import('./my-timesheet/my-timesheet-tab.tsx').then((m) => ({ default: m.MyTimesheetTab }))),
};

const TAB_STORAGE_KEY = 'tms.timesheet.tab';

const keepAny = (raw: unknown) => raw;

/**
 * /timesheet (spec 001 §2.1): Timesheet List (ADMIN, HR, HRM; their default) and My Timesheet (everyone; the default
 * for others). The chosen tab is remembered for the session; inactive tabs are unmounted so they stop loading.
 */
export function TimesheetPage() {
  const { data: user } = useCurrentUser();
  const { t } = timesheetTexts.useT();
  const [remembered, remember] = useSessionState<unknown>(sessionKey(TAB_STORAGE_KEY, user?.userName), keepAny);
  if (!user) return <PageSpinner />;

  const tabs = visibleTimesheetTabs(user.roles, t);
  const activeKey = pickTimesheetTab(tabs, remembered);
  return <LazyTabs tabs={tabs} content={TAB_CONTENT} activeKey={activeKey} onChange={(key) => remember(key)} testId="timesheet-tabs" />;
}
