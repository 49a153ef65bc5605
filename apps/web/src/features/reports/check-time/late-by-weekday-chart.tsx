import { Card, Empty, Skeleton } from 'antd';
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { WEEKDAY_LABELS, type LateByWeekday } from '@tms/contracts/check-time-report';
import { formatCount } from '../../../lib/numbers.ts';
import { ChartTooltipBox } from '../chart-tooltip.tsx';
import { reportsTexts, type ReportsT } from '../i18n/index.ts';

/** The weekday by its number in the reader's language; the server's label for any other. */
const weekdayName = (t: ReportsT, bar: LateByWeekday) =>
  Object.hasOwn(WEEKDAY_LABELS, bar.weekday) ? t(`checkTime.weekdays.${String(bar.weekday) as '1' | '2' | '3' | '4' | '5'}`) : bar.label;

/** The bars as the chart draws them: the weekday's name, the label above the bar, the tooltip's line. */
export function lateBars(t: ReportsT, data: readonly LateByWeekday[]) {
  return data.map((b) => {
    const name = weekdayName(t, b);
    const days = formatCount(b.late_days);
    const minutes = formatCount(b.late_minutes);
    return { ...b, name, value: b.late_days > 0 ? t('checkTime.chart.value', { days, minutes }) : '0', tooltip: t('checkTime.chart.bar', { weekday: name, days, minutes }) };
  });
}
type LateBar = ReturnType<typeof lateBars>[number];

function LateTooltip({ active, payload }: Partial<TooltipContentProps<number, string>>) {
  const bar = payload?.[0]?.payload as LateBar | undefined;
  if (!active || !bar) return null;
  return <ChartTooltipBox title={bar.name} lines={[bar.tooltip]} />;
}

/**
 * Late arrivals by weekday (beyond the spec): one bar per weekday, Monday to Friday, its height the number of late
 * days, labelled with the days and the late minutes, with a tooltip (pointer or keyboard: recharts' accessibility
 * layer); the svg's title names it for screen readers. Loaded with the report page only (recharts).
 */
export function LateByWeekdayChart({ data, loading }: { data: LateByWeekday[] | undefined; loading: boolean }) {
  const { t } = reportsTexts.useT();
  const bars = lateBars(t, data ?? []);
  const anyLate = bars.some((b) => b.late_days > 0);
  return (
    <Card size="small" title={t('checkTime.chart.title')} style={{ marginBottom: 16 }} data-testid="check-time-chart">
      {loading && !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !anyLate ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('checkTime.chart.empty')} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <BarChart width={560} height={220} data={bars} title={t('checkTime.chart.title')} margin={{ top: 24, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="#f0f0f0" />
            <XAxis dataKey="name" interval={0} />
            <YAxis width={40} allowDecimals={false} tickFormatter={(v: number) => formatCount(v)} />
            <Tooltip content={<LateTooltip />} cursor={{ fill: 'rgba(0, 0, 0, 0.04)' }} />
            <Bar dataKey="late_days" name={t('checkTime.chart.title')} fill="#d46b08" radius={[3, 3, 0, 0]} maxBarSize={64} isAnimationActive={false}>
              <LabelList dataKey="value" position="top" fontSize={12} />
            </Bar>
          </BarChart>
        </div>
      )}
    </Card>
  );
}
