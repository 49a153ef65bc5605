import { useEffect, useState } from 'react';
import { Alert, Breadcrumb, Button, Form, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { cutToOneMonth } from '@tms/contracts/check-in-out-calendar';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { DATE_ISO, formatDmy } from '../../lib/dates.ts';
import { serverTimeQuery } from '../../lib/lookups.ts';
import { notifyApiError, notifyWarning } from '../../lib/notify.ts';
import { usePhoneLayout } from '../../lib/use-phone-layout.ts';
import { addIsoDays, inRange, weekDays, weekStart } from './calendar-rule.ts';
import { useCalendar, type CalendarQuery } from './checkin-checkout-api.ts';
import { CheckinFilters, checkinFiltersInUse, type CheckinFilterValues } from './checkin-filters.tsx';
import { DayDrawer } from './day-drawer.tsx';
import { ManualJobSearch } from './manual-job-search.tsx';
import { UpdateCheckTimeModal } from './update-check-time-modal.tsx';
import { WeekCalendar } from './week-calendar.tsx';
import { checkinCheckoutTexts } from './i18n/index.ts';

/** The default range: the four calendar weeks ending with this week (28 days, within the one-month limit). */
function defaultRange(today: string): { from: string; to: string } {
  const start = weekStart(today);
  return { from: addIsoDays(start, -21), to: addIsoDays(start, 6) };
}
const toRange = (r: { from: string; to: string }): [Dayjs, Dayjs] => [dayjs(r.from), dayjs(r.to)];
const overlaps = (anchor: string, from: string, to: string) => weekDays(anchor).some((d) => inRange(d, from, to));

/**
 * /timesheet/checkin-checkout (spec 001 §2.8, §5.8, §6, §7.7): the weekly calendar of one employee's check-in and
 * check-out, the day drawer, and for HR, HRM and ADMIN Update Employee Check Time and the manual-job search.
 * ADMIN and HR get the full filter (department, staff, range); others the by-staff filter (their scope, default
 * themselves; staff only themselves). On a phone (issue 26 §3) one day at a time, today first, with arrows and a swipe.
 */
export function CheckinCheckoutPage() {
  // The company's today (RULES.md §1), not the browser's: it decides the week shown and which days are in the future.
  const time = useQuery(serverTimeQuery);
  const today = time.data?.today ?? (time.isError ? dayjs().format(DATE_ISO) : null);
  const { t } = checkinCheckoutTexts.useT();
  return (
    <>
      <Breadcrumb items={[{ title: t('breadcrumb') }, { title: t('title') }]} style={{ marginBottom: 8 }} />
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      {today ? <CheckinCalendarView today={today} /> : <Spin />}
    </>
  );
}

function CheckinCalendarView({ today }: { today: string }) {
  const user = useCurrentUser().data;
  const { t } = checkinCheckoutTexts.useT();
  const full = hasRole(user, 'ADMIN', 'HR');
  const updater = hasRole(user, 'ADMIN', 'HR', 'HRM');
  const choosesStaff = full || hasRole(user, 'HRM', 'GROUP_LEAD', 'DULEAD');
  const [form] = Form.useForm<CheckinFilterValues>();
  const chosen = Form.useWatch('employee', form);
  const tooMany = Array.isArray(chosen) && chosen.length > 1;
  const phone = usePhoneLayout();
  // On a phone the week's anchor is also the one day shown, so the arrows and a swipe step it a day at a time.
  const step = phone ? 1 : 7;

  const [query, setQuery] = useState<CalendarQuery>(() => {
    const r = defaultRange(today);
    return { fromDate: r.from, toDate: r.to };
  });
  const [anchor, setAnchor] = useState(today);
  const [selected, setSelected] = useState<string | null>(null);
  const [searched, setSearched] = useState<CheckinFilterValues>({});
  const [updateOpen, setUpdateOpen] = useState(false);
  const calendar = useCalendar(query);
  const failed = calendar.isError;

  useEffect(() => {
    // spec 001 §8: a failure shows the server's message and empties the calendar.
    if (calendar.error) notifyApiError(calendar.error);
  }, [calendar.error]);

  const data = failed ? undefined : calendar.data;
  const rule = data ? { referenceDate: data.start_working_day, today, from: data.from_date, to: data.to_date } : null;

  const run = (next: CalendarQuery, nextAnchor: string) => {
    setQuery(next);
    setAnchor(nextAnchor);
    setSelected(null);
    form.setFieldValue('range', toRange({ from: next.fromDate, to: next.toDate }));
  };

  const search = (values: CheckinFilterValues) => {
    setSearched(values);
    const picked = Array.isArray(values.employee) ? values.employee[0] : values.employee;
    const base = values.range ? { from: values.range[0].format(DATE_ISO), to: values.range[1].format(DATE_ISO) } : defaultRange(today);
    const range = cutToOneMonth(base.from, base.to);
    if (range.cut) notifyWarning(t('rangeCut', { date: formatDmy(range.to) }));
    run({ employee: picked || undefined, fromDate: range.from, toDate: range.to }, range.from);
  };

  /** Week navigation; a week outside the range moves the range with it (same length), so there is data to show. */
  const moveTo = (nextAnchor: string) => {
    if (overlaps(nextAnchor, query.fromDate, query.toDate)) {
      setAnchor(nextAnchor);
      return;
    }
    const shift = Math.round((Date.parse(weekStart(nextAnchor)) - Date.parse(weekStart(anchor))) / 86_400_000);
    const moved = shift === 0 || nextAnchor === today ? defaultRange(today) : { from: addIsoDays(query.fromDate, shift), to: addIsoDays(query.toDate, shift) };
    run({ ...query, fromDate: moved.from, toDate: moved.to }, nextAnchor);
  };

  const days = weekDays(anchor);
  const department = Form.useWatch('department', form);

  return (
    <>
      <CheckinFilters
        form={form}
        access={{ full, choosesStaff, updater, selfLabel: user ? `${user.name} - ${user.userName}` : '' }}
        initialValues={{ range: toRange({ from: query.fromDate, to: query.toDate }), employee: full ? [] : undefined }}
        department={department}
        tooMany={tooMany}
        inUse={checkinFiltersInUse(searched, defaultRange(today))}
        loading={calendar.isFetching}
        onSearch={search}
        onUpdateOpen={() => setUpdateOpen(true)}
      />
      {tooMany ? <Alert type="info" showIcon title={t('filter.chooseOne')} style={{ marginBottom: 12 }} /> : null}

      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space>
          <Button icon={<LeftOutlined aria-hidden />} onClick={() => moveTo(addIsoDays(anchor, -step))} aria-label={t(phone ? 'week.previousDay' : 'week.previous')} data-testid="checkin-prev-week" />
          <Button onClick={() => moveTo(today)} data-testid="checkin-today">
            {t('week.today')}
          </Button>
          <Button icon={<RightOutlined aria-hidden />} onClick={() => moveTo(addIsoDays(anchor, step))} aria-label={t(phone ? 'week.nextDay' : 'week.next')} data-testid="checkin-next-week" />
          <Typography.Text strong data-testid="checkin-week-label">
            {phone ? formatDmy(anchor) : `${formatDmy(days[0])} - ${formatDmy(days[6])}`}
          </Typography.Text>
        </Space>
        {data ? (
          <Typography.Text type="secondary" data-testid="checkin-employee">
            {data.name} - {data.user_name} · {formatDmy(data.from_date)} - {formatDmy(data.to_date)}
          </Typography.Text>
        ) : null}
      </Space>

      <Spin spinning={calendar.isFetching}>
        <WeekCalendar
          anchor={anchor}
          days={data?.timesheets ?? []}
          rule={rule}
          selected={selected}
          onSelect={setSelected}
          onlyDay={phone ? anchor : undefined}
          onSwipe={phone ? (direction) => moveTo(addIsoDays(anchor, direction)) : undefined}
        />
      </Spin>

      <DayDrawer day={selected} employee={data?.user_name ?? query.employee} onClose={() => setSelected(null)} />
      {updater ? <UpdateCheckTimeModal open={updateOpen} initialDepartment={department} onClose={() => setUpdateOpen(false)} /> : null}
      {updater ? <ManualJobSearch /> : null}
    </>
  );
}
