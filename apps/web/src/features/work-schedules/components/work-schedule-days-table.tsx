import { Checkbox, Input, Table, type TableColumnsType } from 'antd';
import { WORK_SCHEDULE_HOURS_MAX, WORK_SCHEDULE_PLACEHOLDER as P, type WEEKDAYS } from '@tms/contracts/work-schedule-config';
import { NumberInput } from '../../../components/number-input.tsx';
import { workSchedulesTexts } from '../i18n/index.ts';
import { resetRow, type DayFormRow } from './work-schedule-form.ts';

type Props = { rows: readonly DayFormRow[]; onChange: (rows: DayFormRow[]) => void };

type HourField = 'workingTime' | 'minimumWorkingTime' | 'continuousWorkingTime' | 'breakTime';
type TimeField = 'startTime' | 'endTime';

/**
 * One row per weekday, Monday to Sunday (spec 002 §2 create/edit page): working-day checkbox, start and end (HH:mm),
 * working, minimum working, continuous working and break time in hours; placeholders 07:30 and 8 hours (spec 002 §9).
 * Unticking a working day resets its row; the cells of a day off are disabled.
 */
export function WorkScheduleDaysTable({ rows, onChange }: Props) {
  const { t } = workSchedulesTexts.useT();
  const dayName = (row: DayFormRow) => t(`weekdays.${row.key as (typeof WEEKDAYS)[number]['key']}`);
  const set = (day: number, patch: Partial<DayFormRow>) => onChange(rows.map((r) => (r.day === day ? { ...r, ...patch } : r)));
  const toggle = (row: DayFormRow, checked: boolean) => onChange(rows.map((r) => (r.day !== row.day ? r : checked ? { ...r, workingDay: true } : resetRow(r))));

  const time = (field: TimeField) => (_v: unknown, row: DayFormRow) => (
    <Input
      value={row[field]}
      onChange={(e) => set(row.day, { [field]: e.target.value })}
      placeholder={P.time}
      maxLength={5}
      disabled={!row.workingDay}
      aria-label={t(`dayCells.${field}`, { day: dayName(row) })}
      data-testid={`day-${row.key}-${field}`}
      style={{ width: 90 }}
    />
  );
  const hours = (field: HourField) => (_v: unknown, row: DayFormRow) => (
    <NumberInput<number>
      value={row[field]}
      onChange={(v) => set(row.day, { [field]: v ?? null })}
      placeholder={String(P.hours)}
      min={0}
      max={WORK_SCHEDULE_HOURS_MAX}
      step={0.5}
      precision={2}
      disabled={!row.workingDay}
      aria-label={t(`dayCells.${field}`, { day: dayName(row) })}
      data-testid={`day-${row.key}-${field}`}
      style={{ width: 100 }}
    />
  );

  const columns: TableColumnsType<DayFormRow> = [
    { title: t('days.day'), key: 'day', width: 110, render: (_v, row) => dayName(row) },
    {
      title: t('days.workingDay'),
      key: 'workingDay',
      width: 110,
      render: (_v, row) => <Checkbox checked={row.workingDay} onChange={(e) => toggle(row, e.target.checked)} aria-label={t('dayCells.workingDay', { day: dayName(row) })} data-testid={`day-${row.key}-workingDay`} />,
    },
    { title: t('days.startTime'), key: 'startTime', width: 110, render: time('startTime') },
    { title: t('days.endTime'), key: 'endTime', width: 110, render: time('endTime') },
    { title: t('days.workingTime'), key: 'workingTime', width: 130, render: hours('workingTime') },
    { title: t('days.minimumWorkingTime'), key: 'minimumWorkingTime', width: 150, render: hours('minimumWorkingTime') },
    { title: t('days.continuousWorkingTime'), key: 'continuousWorkingTime', width: 150, render: hours('continuousWorkingTime') },
    { title: t('days.breakTime'), key: 'breakTime', width: 130, render: hours('breakTime') },
  ];

  return <Table<DayFormRow> columns={columns} dataSource={rows as DayFormRow[]} rowKey="key" pagination={false} size="small" scroll={{ x: 'max-content' }} data-testid="work-schedule-days" />;
}
