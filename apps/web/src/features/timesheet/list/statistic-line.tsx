import { Space, Typography } from 'antd';
import type { GridStatistic } from '@tms/contracts/timesheet-grid';
import { timesheetTexts } from '../i18n/index.ts';
import { statisticItems } from './statistic-items.ts';

/** The figures line above the grid (GET /tms/timesheets/{id}/statistic with the filter). */
export function StatisticLine({ statistic }: { statistic: GridStatistic | undefined }) {
  const { t } = timesheetTexts.useT();
  const items = statisticItems(statistic, t);
  if (items.length === 0) return null;
  return (
    <Space wrap size={[24, 4]} style={{ marginBottom: 12 }} data-testid="ts-statistic">
      {items.map((item) => (
        <span key={item.key} data-testid={`ts-statistic-${item.key}`}>
          <Typography.Text type="secondary">{item.label}: </Typography.Text>
          <Typography.Text strong>{item.value}</Typography.Text>
        </span>
      ))}
    </Space>
  );
}
