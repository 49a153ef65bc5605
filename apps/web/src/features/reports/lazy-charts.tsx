import { lazy, Suspense, type ComponentProps } from 'react';
import { Card } from 'antd';

/**
 * The report charts, each its own chunk with recharts (~100 KB gzip): they load when a report shows its chart, after
 * its filters and table, and never with another page (issue 26 part 5). A loading card holds their place meanwhile.
 */
const SummaryChartChunk = lazy(() => import('./summary-chart.tsx').then((m) => ({ default: m.SummaryChart })));
const LateByWeekdayChartChunk = lazy(() => import('./check-time/late-by-weekday-chart.tsx').then((m) => ({ default: m.LateByWeekdayChart })));
const DepartmentShareChartChunk = lazy(() => import('./ot-compliance/department-share-chart.tsx').then((m) => ({ default: m.DepartmentShareChart })));

const placeholder = (marginBottom: number) => <Card size="small" loading style={{ marginBottom }} />;

export function SummaryChart(props: ComponentProps<typeof SummaryChartChunk>) {
  return (
    <Suspense fallback={placeholder(12)}>
      <SummaryChartChunk {...props} />
    </Suspense>
  );
}

export function LateByWeekdayChart(props: ComponentProps<typeof LateByWeekdayChartChunk>) {
  return (
    <Suspense fallback={placeholder(16)}>
      <LateByWeekdayChartChunk {...props} />
    </Suspense>
  );
}

export function DepartmentShareChart(props: ComponentProps<typeof DepartmentShareChartChunk>) {
  return (
    <Suspense fallback={placeholder(16)}>
      <DepartmentShareChartChunk {...props} />
    </Suspense>
  );
}
