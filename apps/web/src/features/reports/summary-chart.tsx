import { Card, Empty } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { SummaryChartRow } from '@tms/contracts/timesheet-report';
import { formatCount, formatDays, formatHours } from '../../lib/numbers.ts';
import { ChartTooltipBox } from './chart-tooltip.tsx';
import { reportsTexts, type ReportsT } from './i18n/index.ts';

/** The four bars of a department, their colours and how the value is written; named by `chart.series.<key>`. */
export const CHART_SERIES = [
  { key: 'paid_days', color: '#1677ff', format: formatDays },
  { key: 'leave_days', color: '#389e0d', format: formatDays },
  { key: 'unpaid_days', color: '#d48806', format: formatDays },
  { key: 'ot_hours', color: '#c41d7f', format: formatHours },
] as const;

const HEIGHT = 280;
/** Width per department: four bars and a gap; past the card's width the chart scrolls sideways. */
const GROUP_WIDTH = 96;

/** A department's name under its bars, shortened past 14 characters (the tooltip names it in full), and its staff. */
function DepartmentTick({ x, y, payload, rows }: { x?: number; y?: number; payload?: { value: string }; rows: readonly SummaryChartRow[] }) {
  const { t } = reportsTexts.useT();
  const department = payload?.value ?? '';
  const row = rows.find((r) => r.department === department);
  return (
    <g transform={`translate(${x ?? 0},${y ?? 0})`}>
      <text dy={14} textAnchor="middle" fontSize={11} fill="#595959">
        {department.length > 14 ? `${department.slice(0, 13)}…` : department}
      </text>
      {row ? (
        <text dy={28} textAnchor="middle" fontSize={10} fill="#6b6b6b">
          {t('chart.employees', { employees: formatCount(row.employees) })}
        </text>
      ) : null}
    </g>
  );
}

/** A department's tooltip: its staff, then each series with its value as the reader writes numbers. */
export function summaryTooltipLines(t: ReportsT, row: SummaryChartRow): string[] {
  return [
    t('chart.employees', { employees: formatCount(row.employees) }),
    ...CHART_SERIES.map((s) => t('chart.bar', { department: row.department, series: t(`chart.series.${s.key}`), value: s.format(row[s.key]) })),
  ];
}

function SummaryTooltip({ active, payload }: Partial<TooltipContentProps<number, string>>) {
  const { t } = reportsTexts.useT();
  const row = payload?.[0]?.payload as SummaryChartRow | undefined;
  if (!active || !row) return null;
  return <ChartTooltipBox title={row.department} lines={summaryTooltipLines(t, row)} />;
}

/**
 * The summary page's chart (beyond the spec): per department of the filtered employees, paid days, leave days,
 * unpaid days and OT hours side by side, with a legend and a tooltip per department (pointer or keyboard: recharts'
 * accessibility layer), named for screen readers by the svg's title. Loaded with the report page only (recharts).
 */
export function SummaryChart({ rows, loading }: { rows: readonly SummaryChartRow[] | undefined; loading: boolean }) {
  const { t } = reportsTexts.useT();
  const data = rows ?? [];
  return (
    <Card size="small" title={t('chart.title')} loading={loading && data.length === 0} style={{ marginBottom: 12 }} data-testid="report-summary-chart">
      {data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <BarChart width={Math.max(560, data.length * GROUP_WIDTH + 80)} height={HEIGHT} data={[...data]} title={t('chart.label')} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid vertical={false} stroke="#f0f0f0" />
            <XAxis dataKey="department" interval={0} height={44} tick={<DepartmentTick rows={data} />} />
            <YAxis width={48} tickFormatter={(value: number) => formatCount(value)} />
            <Tooltip content={<SummaryTooltip />} cursor={{ fill: 'rgba(0, 0, 0, 0.04)' }} />
            <Legend verticalAlign="top" height={28} />
            {CHART_SERIES.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={t(`chart.series.${s.key}`)} fill={s.color} maxBarSize={16} isAnimationActive={false} />
            ))}
          </BarChart>
        </div>
      )}
    </Card>
  );
}
