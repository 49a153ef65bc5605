import { useEffect, useState } from 'react';
import { Empty, Select, Skeleton } from 'antd';
import { useCurrentUser } from '../../../lib/auth.ts';
import { usePeriods, useServerToday } from '../../../lib/lookups.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useMyTimesheet } from './api/get-my-timesheet.ts';
import { DetailHeader, StaffCardView } from './detail-header.tsx';
import { isHourBased } from './my-timesheet-format.ts';
import { loadFailure } from './my-timesheet-load.ts';
import { defaultPeriodId, periodLabel } from './my-timesheet-period.ts';
import { MyTimesheetTable } from './my-timesheet-table.tsx';
import { SummarySections } from './summary-sections.tsx';
import { timesheetTexts } from '../i18n/index.ts';
import './my-timesheet.css';

function Loading({ rows }: { rows: number }) {
  return (
    <div data-testid="my-ts-loading">
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}

/**
 * The My Timesheet tab (spec 001 §2.1, §2.2): a payroll period selector (default the period containing the server's
 * today, else the latest) and the signed-in user's detail for it.
 */
export function MyTimesheetTab() {
  const { data: user, isPending: userPending } = useCurrentUser();
  const periods = usePeriods();
  const serverToday = useServerToday();
  const { t } = timesheetTexts.useT();
  const [chosen, setChosen] = useState<number | null>(null);
  const fallback = serverToday.isPending ? null : defaultPeriodId(periods.data, serverToday.todayIso);
  const timesheetId = chosen ?? fallback;

  if (userPending || periods.isPending) return <Loading rows={8} />;
  if (!user?.employeeId) return <Empty description={t('my.noEmployee')} data-testid="my-ts-no-employee" />;

  return (
    <div data-testid="my-ts-tab">
      <div className="my-ts-toolbar">
        <span id="my-ts-period-label">{t('my.period')}</span>
        <Select<number>
          aria-labelledby="my-ts-period-label"
          data-testid="my-ts-period"
          style={{ minWidth: 280 }}
          value={timesheetId ?? undefined}
          placeholder={t('my.selectPeriod')}
          loading={serverToday.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(periods.data ?? []).map((p) => ({ value: p.timesheet_id, label: periodLabel(p) }))}
          onChange={setChosen}
        />
      </div>
      {timesheetId === null ? (
        serverToday.isPending ? (
          <Loading rows={8} />
        ) : (
          <Empty description={t('my.noData')} data-testid="my-ts-empty" />
        )
      ) : (
        <TimesheetDetailView timesheetId={timesheetId} employeeId={user.employeeId} flexible={user.requestType === 'hour'} />
      )}
    </div>
  );
}

export type TimesheetDetailViewProps = {
  timesheetId: number;
  employeeId: number;
  /** Read from the flexible endpoint (hour-based staff, spec 001 §7.1); the layout follows the answer's rule_type. */
  flexible?: boolean;
};

/** One employee's period (the My Timesheet body), also shown in the HR grid's Timesheet Detail drawer. */
export function TimesheetDetailView({ timesheetId, employeeId, flexible = false }: TimesheetDetailViewProps) {
  const validIds = timesheetId > 0 && employeeId > 0;
  const query = useMyTimesheet({ timesheetId, employeeId, flexible });
  const { t } = timesheetTexts.useT();

  // Spec 001 §8: one notice per failed load (the server's message, else "Fail to get User Timesheet Data"), written
  // when the load fails: a language switch afterwards does not show it again.
  useEffect(() => {
    const notice = loadFailure(query.error).notice;
    if (notice) notifyError(notice);
  }, [query.error, query.errorUpdatedAt]);

  if (!validIds) return <Empty description={t('my.noData')} data-testid="my-ts-empty" />;
  if (query.isPending) return <Loading rows={10} />;
  if (query.isError || !query.data) return <Empty description={t('my.noData')} data-testid="my-ts-empty" />;

  const { timesheet, staff, days, summary } = query.data;
  const hourBased = isHourBased(staff.rule_type);
  return (
    <div className="my-ts-view" data-testid="my-ts-view" data-rule-type={hourBased ? 'HOUR' : 'DAY'}>
      <DetailHeader timesheet={timesheet} />
      <StaffCardView staff={staff} periodName={timesheet.name} />
      <MyTimesheetTable days={days} hourBased={hourBased} owner={{ id: staff.id, user_name: staff.user_name, name: staff.name }} />
      <SummarySections staff={staff} summary={summary} />
    </div>
  );
}
