import { Card, Empty, Skeleton } from 'antd';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { OtComplianceDepartment } from '@tms/contracts/overtime-limits';
import { formatHours } from '../../../lib/numbers.ts';
import { ChartTooltipBox } from '../chart-tooltip.tsx';
import { reportsTexts } from '../i18n/index.ts';
import { shareText } from './ot-compliance-rules.ts';

type ShareBar = OtComplianceDepartment & { percent: number; tooltip: string };

function ShareTooltip({ active, payload }: Partial<TooltipContentProps<number, string>>) {
  const bar = payload?.[0]?.payload as ShareBar | undefined;
  if (!active || !bar) return null;
  return <ChartTooltipBox title={bar.department} lines={[bar.tooltip]} />;
}

/**
 * Issue 27 §2: each department's approved overtime hours as a share of the monthly limits of its rows (100 % = every
 * listed employee at the limit in every listed month). Loaded with the report page only (recharts).
 */
export function DepartmentShareChart({ data, loading }: { data: OtComplianceDepartment[] | undefined; loading: boolean }) {
  const { t } = reportsTexts.useT();
  const bars: ShareBar[] = (data ?? []).map((d) => ({
    ...d,
    percent: Math.round(d.share * 100),
    tooltip: t('otCompliance.chart.bar', { department: d.department, hours: formatHours(d.hours), limit: formatHours(d.limit), share: shareText(d.share) }),
  }));
  return (
    <Card size="small" title={t('otCompliance.chart.title')} style={{ marginBottom: 16 }} data-testid="ot-compliance-chart">
      {loading && !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : bars.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('otCompliance.chart.empty')} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <BarChart width={Math.max(320, bars.length * 90)} height={220} data={bars} title={t('otCompliance.chart.title')} margin={{ top: 16, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="#f0f0f0" />
            <XAxis dataKey="department" interval={0} />
            <YAxis width={48} unit="%" allowDecimals={false} />
            <Tooltip content={<ShareTooltip />} cursor={{ fill: 'rgba(0, 0, 0, 0.04)' }} />
            <Bar dataKey="percent" name={t('otCompliance.chart.title')} fill="#1677ff" radius={[3, 3, 0, 0]} maxBarSize={64} isAnimationActive={false} />
          </BarChart>
        </div>
      )}
    </Card>
  );
}
