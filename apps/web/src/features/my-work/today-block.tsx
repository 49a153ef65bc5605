import { Descriptions, Space, Tag, Typography } from 'antd';
import { formatDmy } from '../../lib/dates.ts';
import { useToday } from './api/my-work-api.ts';
import { BlockCard } from './block-card.tsx';
import { myWorkTexts } from './i18n/index.ts';

/** Everyone's today: the schedule in force and the punches so far. */
export function TodayBlock() {
  const { t } = myWorkTexts.useT();
  const query = useToday();
  return (
    <BlockCard title={t('today.title', { date: formatDmy(query.data?.date) })} query={query} testId="my-work-today">
      {(d) => (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('today.schedule')}>
            {d.schedule === null ? (
              <Typography.Text type="secondary">{t('today.noSchedule')}</Typography.Text>
            ) : (
              <Space wrap size={4} data-testid="my-work-schedule">
                <Typography.Text strong>{d.schedule.name}</Typography.Text>
                {d.schedule.working && d.schedule.start_time && d.schedule.end_time ? (
                  <Typography.Text>{t('today.hours', { start: d.schedule.start_time, end: d.schedule.end_time })}</Typography.Text>
                ) : (
                  <Tag>{d.schedule.holiday ? t('today.holiday') : t('today.dayOff')}</Tag>
                )}
              </Space>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('today.punches')}>
            {d.punches.length === 0 ? (
              <Typography.Text type="secondary">{t('today.noPunches')}</Typography.Text>
            ) : (
              <Space wrap size={4} data-testid="my-work-punches">
                {d.punches.map((p, i) => (
                  <Tag key={`${p}-${i}`}>{p}</Tag>
                ))}
              </Space>
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </BlockCard>
  );
}
