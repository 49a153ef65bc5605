import type { TableColumnsType } from 'antd';
import { Tooltip, Typography } from 'antd';
import {
  SUMMARY_NUMBER_COLUMNS,
  SUMMARY_STAFF_COLUMNS,
  type ReportDay,
  type SummaryNumberKey,
  type TimesheetDetailRow,
  type TimesheetSummaryRow,
} from '@tms/contracts/timesheet-report';
import { EMPLOYEE_CONTRACT_TYPES } from '@tms/contracts/employees';
import { formatDmy } from '../../lib/dates.ts';
import { formatCount, formatDays, formatHours, formatLeave } from '../../lib/numbers.ts';
import { reportsTexts, type ReportsT } from './i18n/index.ts';

/** How each figure is written: day figures as the grid, leave days with 3 decimals, hours with 2, counts whole. */
const LEAVE_KEYS: ReadonlySet<SummaryNumberKey> = new Set([
  'total_onsite_days',
  'total_paid_leave_days',
  'total_offset_leave_days',
  'total_days_off_social_insurance_covers',
  'total_unpaid_leave_days',
]);
const COUNT_KEYS: ReadonlySet<SummaryNumberKey> = new Set(['late_coming_count', 'early_leaving_count']);
const DAY_KEYS: ReadonlySet<SummaryNumberKey> = new Set(['standard_working_days', 'total_working_days', 'total_public_holidays', 'total_paid_days']);

export function formatFigure(key: SummaryNumberKey, value: number | null | undefined): string {
  if (COUNT_KEYS.has(key)) return formatCount(value);
  if (LEAVE_KEYS.has(key)) return formatLeave(value);
  if (DAY_KEYS.has(key)) return formatDays(value);
  return formatHours(value);
}

const DATE_KEYS = new Set(['onboard_date', 'contract_start_date', 'contract_end_date']);
type ContractType = (typeof EMPLOYEE_CONTRACT_TYPES)[number]['value'];
const CONTRACT_TYPES: ReadonlySet<string> = new Set(EMPLOYEE_CONTRACT_TYPES.map((c) => c.value));

function renderStaffValue(key: string, t: ReportsT) {
  if (DATE_KEYS.has(key)) return (v: string | null) => formatDmy(v);
  if (key === 'contract_type') return (v: string | null) => (v ? (CONTRACT_TYPES.has(v) ? t(`contractTypes.${v as ContractType}`) : v) : '');
  return undefined;
}

/** The staff columns, fixed on the left (staff and user name). */
function staffColumns<Row extends TimesheetSummaryRow>(t: ReportsT): TableColumnsType<Row> {
  return SUMMARY_STAFF_COLUMNS.map(([key]) => ({
    title: t(`columns.staff.${key}`),
    key,
    dataIndex: key,
    width: key === 'staff' ? 200 : key === 'department' ? 180 : 130,
    fixed: key === 'staff' || key === 'user_name' ? ('left' as const) : undefined,
    render: renderStaffValue(key, t),
  }));
}

function numberColumns<Row extends TimesheetSummaryRow>(t: ReportsT): TableColumnsType<Row> {
  return SUMMARY_NUMBER_COLUMNS.map(([key]) => ({
    title: t(`columns.figures.${key}`),
    key,
    dataIndex: key,
    width: 120,
    align: 'right' as const,
    render: (v: number) => <span data-testid={`report-cell-${key}`}>{formatFigure(key, v)}</span>,
  }));
}

/** Titles by `t` (the page's, so a switch re-renders them). */
export function summaryColumns(t: ReportsT = reportsTexts.t): TableColumnsType<TimesheetSummaryRow> {
  return [...staffColumns<TimesheetSummaryRow>(t), ...numberColumns<TimesheetSummaryRow>(t)];
}

/** One day cell of the details: the value (or notation), red when late or early. */
function DayCell({ day }: { day: ReportDay | undefined }) {
  const { t } = reportsTexts.useT();
  if (!day) return null;
  const text = day.value !== null ? formatDays(day.value) : (day.notation ?? '');
  const marks = [day.late ? t('day.late') : null, day.early ? t('day.early') : null].filter(Boolean).join(', ');
  const shown = day.notation && day.value !== null ? `${text} ${day.notation}` : text;
  if (!marks) return <span>{shown}</span>;
  return (
    <Tooltip title={marks}>
      <Typography.Text type="danger">{shown}</Typography.Text>
    </Tooltip>
  );
}

/** The details: staff columns, one column per date of the period (DD/MM), then the summary figures. */
export function detailColumns(dates: readonly string[], t: ReportsT = reportsTexts.t): TableColumnsType<TimesheetDetailRow> {
  const days: TableColumnsType<TimesheetDetailRow> = dates.map((date, i) => ({
    title: `${date.slice(8, 10)}/${date.slice(5, 7)}`,
    key: `d_${date}`,
    // 68 px keeps the 31 dates and the 24 figures within the spec's 6000 px (DD/MM does not wrap).
    width: 68,
    align: 'center' as const,
    onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
    render: (_v: unknown, row: TimesheetDetailRow) => <DayCell day={row.days[i]} />,
  }));
  return [...staffColumns<TimesheetDetailRow>(t), ...days, ...numberColumns<TimesheetDetailRow>(t)];
}
