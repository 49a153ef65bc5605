import { Card, Empty, Space, Typography } from 'antd';
import type { SummaryChartRow } from '@tms/contracts/timesheet-report';
import { formatCount, formatDays, formatHours } from '../../lib/numbers.ts';
import { reportsTexts } from './i18n/index.ts';

/** The four bars of a department, their colours and how the value is written; named by `chart.series.<key>`. */
export const CHART_SERIES = [
  { key: 'paid_days', color: '#1677ff', format: formatDays },
  { key: 'leave_days', color: '#52c41a', format: formatDays },
  { key: 'unpaid_days', color: '#faad14', format: formatDays },
  { key: 'ot_hours', color: '#eb2f96', format: formatHours },
] as const;

const BAR = 14;
const GAP = 4;
const GROUP_GAP = 28;
const HEIGHT = 220;
const TOP = 16;
const BOTTOM = 56;

/** Bar heights relative to the largest value of the chart (the 0 line at the bottom). */
export function barHeight(value: number, max: number, height: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(1, Math.round((value / max) * height));
}

/**
 * The summary page's chart (beyond the spec): per department of the filtered employees, paid days, leave days,
 * unpaid days and OT hours side by side — hand-drawn SVG (no chart library), with a legend and a tooltip per bar.
 */
export function SummaryChart({ rows, loading }: { rows: readonly SummaryChartRow[] | undefined; loading: boolean }) {
  const { t } = reportsTexts.useT();
  const data = rows ?? [];
  const max = Math.max(0, ...data.flatMap((r) => CHART_SERIES.map((s) => r[s.key])));
  const groupWidth = CHART_SERIES.length * (BAR + GAP) + GROUP_GAP;
  const width = Math.max(320, data.length * groupWidth + 40);
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <Card size="small" title={t('chart.title')} loading={loading && data.length === 0} style={{ marginBottom: 12 }} data-testid="report-summary-chart">
      <Space wrap style={{ marginBottom: 8 }}>
        {CHART_SERIES.map((s) => (
          <Space key={s.key} size={4}>
            <span style={{ display: 'inline-block', width: 10, height: 10, background: s.color }} aria-hidden />
            <Typography.Text type="secondary">{t(`chart.series.${s.key}`)}</Typography.Text>
          </Space>
        ))}
      </Space>
      {data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <svg width={width} height={HEIGHT} role="img" aria-label={t('chart.label')}>
            <line x1={20} x2={width} y1={TOP + plot} y2={TOP + plot} stroke="#d9d9d9" />
            {data.map((r, gi) => {
              const x0 = 24 + gi * groupWidth;
              return (
                <g key={r.department}>
                  {CHART_SERIES.map((s, si) => {
                    const h = barHeight(r[s.key], max, plot);
                    return (
                      <rect key={s.key} x={x0 + si * (BAR + GAP)} y={TOP + plot - h} width={BAR} height={h} fill={s.color}>
                        <title>{t('chart.bar', { department: r.department, series: t(`chart.series.${s.key}`), value: s.format(r[s.key]) })}</title>
                      </rect>
                    );
                  })}
                  <text x={x0} y={TOP + plot + 16} fontSize={11} fill="#595959">
                    {r.department.length > 14 ? `${r.department.slice(0, 13)}…` : r.department}
                  </text>
                  <text x={x0} y={TOP + plot + 30} fontSize={10} fill="#8c8c8c">{t('chart.employees', { employees: formatCount(r.employees) })}</text>
                </g>
              );
            })}
          </svg>
        </div>
      )}
    </Card>
  );
}
