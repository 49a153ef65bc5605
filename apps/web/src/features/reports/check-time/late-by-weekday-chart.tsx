import { Card, Empty, Skeleton } from 'antd';
import { WEEKDAY_LABELS, type LateByWeekday } from '@tms/contracts/check-time-report';
import { formatCount } from '../../../lib/numbers.ts';
import { reportsTexts } from '../i18n/index.ts';

const WIDTH = 560;
const HEIGHT = 200;
const PAD = { top: 24, bottom: 28, left: 8, right: 8 };

/**
 * Late arrivals by weekday (beyond the spec): one bar per weekday, Monday to Friday, its height the number of late
 * days, labelled with the days and the late minutes. Hand-drawn SVG (no chart library).
 */
export function LateByWeekdayChart({ data, loading }: { data: LateByWeekday[] | undefined; loading: boolean }) {
  const { t } = reportsTexts.useT();
  // The weekday by its number in the reader's language; the server's label for any other.
  const weekday = (bar: LateByWeekday) => (Object.hasOwn(WEEKDAY_LABELS, bar.weekday) ? t(`checkTime.weekdays.${String(bar.weekday) as '1' | '2' | '3' | '4' | '5'}`) : bar.label);
  const bars = data ?? [];
  const max = Math.max(1, ...bars.map((b) => b.late_days));
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, bars.length);
  const plot = HEIGHT - PAD.top - PAD.bottom;
  const anyLate = bars.some((b) => b.late_days > 0);
  return (
    <Card size="small" title={t('checkTime.chart.title')} style={{ marginBottom: 16 }} data-testid="check-time-chart">
      {loading && !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !anyLate ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('checkTime.chart.empty')} />
      ) : (
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" style={{ maxWidth: WIDTH }} role="img" aria-label={t('checkTime.chart.title')}>
          {bars.map((b, i) => {
            const h = (b.late_days / max) * plot;
            const x = PAD.left + i * slot + slot * 0.2;
            const y = PAD.top + plot - h;
            return (
              <g key={b.weekday} data-testid={`check-time-chart-${b.label}`}>
                <title>{t('checkTime.chart.bar', { weekday: weekday(b), days: formatCount(b.late_days), minutes: formatCount(b.late_minutes) })}</title>
                <rect x={x} y={y} width={slot * 0.6} height={h} rx={3} fill="#fa8c16" />
                <text x={x + slot * 0.3} y={y - 6} textAnchor="middle" fontSize={12}>
                  {b.late_days > 0 ? t('checkTime.chart.value', { days: formatCount(b.late_days), minutes: formatCount(b.late_minutes) }) : '0'}
                </text>
                <text x={x + slot * 0.3} y={HEIGHT - 8} textAnchor="middle" fontSize={12}>
                  {weekday(b)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </Card>
  );
}
