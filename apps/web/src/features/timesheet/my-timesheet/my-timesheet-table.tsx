import { lazy, Suspense, useMemo, useState, type HTMLAttributes } from 'react';
import { Button, Skeleton, Tooltip, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { MyDay } from '@tms/contracts/timesheet-grid';
import { TableCards } from '../../../components/table-cards.tsx';
import { useServerToday } from '../../../lib/lookups.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';
import { myTimesheetKeys } from './api/get-my-timesheet.ts';
import { dayColumnKeys, dayColumnTitle, dayRowViews, EMPTY_CELL, type DayColumnKey, type DayRowView } from './my-timesheet-format.ts';
import { TimesheetLegend } from '../legend/timesheet-legend.tsx';

// antd's Table is fetched only at desktop width: a phone lists the days as cards (my-timesheet-desktop-table.tsx).
const DesktopDayTable = lazy(() => import('./my-timesheet-desktop-table.tsx').then((m) => ({ default: m.MyTimesheetDesktopTable })));
// The Create Request modal (its form, date pickers and upload) loads on the first click, not with the page a staff
// member lands on (issue 26 part 5: the home page's first load).
const CreateRequestModal = lazy(() => import('../../../components/requests/create-request-modal.tsx').then((m) => ({ default: m.CreateRequestModal })));

type Column = TableColumnsType<DayRowView>[number];

/** A punch's time and, for a self punch, where it came from (issue 28 §4) in small text under it. */
function PunchTime({ time, source }: { time: string; source: string | undefined }) {
  if (!source) return time;
  return (
    <>
      {time}
      <div className="my-ts-punch-source" data-testid="my-ts-punch-source">
        {source}
      </div>
    </>
  );
}

/** The columns but the Action one, titled in the reader's language; `today` (ISO) is marked in the Date column. */
function dayColumns(t: TimesheetT, today: string | null): Record<Exclude<DayColumnKey, 'action'>, Column> {
  const title = (key: DayColumnKey) => dayColumnTitle(key, t);
  return {
    no: { title: title('no'), dataIndex: 'no', width: 56, align: 'center' },
    date: {
      title: title('date'),
      width: 150,
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {row.date}
          <span className="my-ts-weekday">{row.weekday}</span>
          {row.key === today ? <span className="my-ts-today-tag">{t('my.today')}</span> : null}
        </span>
      ),
    },
    // One line: 'Flexible hours 07:00-19:00' must not wrap.
    workSchedule: { title: title('workSchedule'), dataIndex: 'workSchedule', width: 200, className: 'my-ts-nowrap' },
    shift: { title: title('shift'), dataIndex: 'shift', width: 120 },
    // Spec 001 §2.2: late check-in and early check-out in red (classes `late` / `early`, my-timesheet.css).
    checkIn: { title: title('checkIn'), width: 110, onCell: (row) => ({ className: row.checkInClass }), render: (_, row) => <PunchTime time={row.checkIn} source={row.checkInSource} /> },
    checkOut: { title: title('checkOut'), width: 120, onCell: (row) => ({ className: row.checkOutClass }), render: (_, row) => <PunchTime time={row.checkOut} source={row.checkOutSource} /> },
    // A day's requests show on its Working day cell for every employee (day-based staff have no Request column): a
    // leave still to come shows its notation and, on hover or focus, the request (issue 26 §2).
    workingDay: {
      title: title('workingDay'),
      width: 110,
      align: 'center',
      render: (_, row) => {
        const text = (
          <span className={row.leave ? 'my-ts-leave' : undefined} data-testid={`my-ts-working-${row.key}`}>
            {row.workingDay}
          </span>
        );
        return row.requestLines.length === 0 ? (
          text
        ) : (
          // Focusable, so the keyboard opens the tooltip too.
          <Tooltip trigger={['hover', 'focus']} styles={{ root: { maxWidth: 350 } }} title={row.requestLines.map((line, i) => <div key={i}>{line}</div>)}>
            <span className="my-ts-requested" tabIndex={0}>
              {text}
            </span>
          </Tooltip>
        );
      },
    },
    absentTime: { title: title('absentTime'), dataIndex: 'absentTime', width: 150, align: 'center', className: 'my-ts-nowrap' },
    request: {
      title: title('request'),
      width: 120,
      render: (_, row) =>
        row.requestLines.length === 0 ? (
          EMPTY_CELL
        ) : (
          <Tooltip styles={{ root: { maxWidth: 350 } }} title={row.requestLines.map((line, i) => <div key={i}>{line}</div>)}>
            <span>{row.requestText}</span>
          </Tooltip>
        ),
    },
    // The Create request button (hour-based staff) is added per render (it opens the modal).
  };
}

/** A day on a phone (issue 26 §3): its date, the working day, schedule, punches, absence and requests, the button. */
const DAY_CARD = { title: ['date'], fields: ['workingDay', 'workSchedule', 'shift', 'checkIn', 'checkOut', 'absentTime', 'request'], actions: 'action' };

/** Whose period it is: the Create Request modal files the request for them (My Timesheet: the signed-in user). */
export type TimesheetOwner = { id: number; user_name: string; name: string };

/** The per-day table of spec 001 §2.2; weekend rows shaded. */
export function MyTimesheetTable({ days, hourBased, owner }: { days: readonly MyDay[]; hourBased: boolean; owner?: TimesheetOwner }) {
  const client = useQueryClient();
  const phone = usePhoneLayout();
  const { t } = timesheetTexts.useT();
  // Today's day is marked (a tag, aria-current), so a reader finds it among the period's days at once.
  const today = useServerToday().todayIso;
  const columnsByKey = useMemo(() => dayColumns(t, today), [t, today]);
  /** The row date the Create Request modal is open for (null: closed). */
  const [createDate, setCreateDate] = useState<string | null>(null);
  const action: Column = {
    title: dayColumnTitle('action', t),
    width: 140,
    render: (_, row) =>
      row.showAction ? (
        // Spec 001 §2.2 / issue 9: hour-based staff open the Create Request modal in place with the row's date.
        <Button size="small" onClick={() => setCreateDate(row.key)} data-testid={`my-ts-create-request-${row.key}`}>
          {t('my.createRequest')}
        </Button>
      ) : null,
  };
  const columns = dayColumnKeys(hourBased).map((key) => ({ ...(key === 'action' ? action : columnsByKey[key]), key }));
  const rows = dayRowViews(days, t);
  const rowAttributes = (row: DayRowView) =>
    ({ 'data-testid': `my-ts-day-${row.key}`, 'data-weekend': String(row.weekend), 'aria-current': row.key === today ? 'date' : undefined }) as HTMLAttributes<HTMLElement>;
  const rowClassName = (row: DayRowView) => [row.weekend ? 'my-ts-weekend' : '', row.key === today ? 'my-ts-today' : ''].filter(Boolean).join(' ');
  // On a phone the period's days are a long list of cards: one tap brings today's card into view.
  const goToday =
    phone && today && rows.some((row) => row.key === today) ? (
      <Button
        className="my-ts-go-today"
        onClick={() => document.querySelector(`[data-testid="my-ts-day-${today}"]`)?.scrollIntoView({ block: 'start' })}
        data-testid="my-ts-go-today"
      >
        {t('my.goToday')}
      </Button>
    ) : null;
  return (
    <>
      <TimesheetLegend of="my" />
      {goToday}
      {phone ? (
        <TableCards<DayRowView>
          columns={columns}
          rows={rows}
          layout={DAY_CARD}
          rowKey="key"
          rowClassName={rowClassName}
          cardProps={rowAttributes}
          empty={t('my.noData')}
          aria-label={t('my.days')}
          data-testid="my-ts-table"
        />
      ) : (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <DesktopDayTable columns={columns} rows={rows} rowClassName={rowClassName} rowAttributes={rowAttributes} emptyText={t('my.noData')} label={t('my.days')} />
        </Suspense>
      )}
      {createDate !== null ? (
        // Mounted per date so the form starts from the clicked row; the modal notifies success and closes itself.
        <Suspense fallback={null}>
          <CreateRequestModal
            key={createDate}
            open
            initialDate={createDate}
            employee={owner ?? null}
            onClose={() => setCreateDate(null)}
            onSaved={() => void client.invalidateQueries({ queryKey: myTimesheetKeys.all })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
