import { Empty, List, Space, Tag, Typography } from 'antd';
import { StatusTag } from '../../components/status-tag.tsx';
import { formatDmy } from '../../lib/dates.ts';
import { useMyRequests } from './api/my-work-api.ts';
import { BlockCard } from './block-card.tsx';
import { myWorkTexts } from './i18n/index.ts';

/** Everyone's requests and explanations of the last 30 days with their status, newest first. */
export function MyRequestsBlock() {
  const { t } = myWorkTexts.useT();
  const query = useMyRequests();
  return (
    <BlockCard title={t('requests.title')} query={query} testId="my-work-requests">
      {(rows) =>
        rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('requests.empty')} />
        ) : (
          <List
            size="small"
            dataSource={rows}
            renderItem={(r) => (
              <List.Item key={r.id} data-testid={`my-work-request-${r.id}`}>
                <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
                  <Space wrap size={4}>
                    <Typography.Text strong>{r.title}</Typography.Text>
                    {r.is_explanation ? <Tag>{t('requests.explanation')}</Tag> : null}
                    <StatusTag kind={r.is_explanation ? 'explanation' : 'request'} status={r.status} />
                  </Space>
                  <Typography.Text type="secondary">
                    {r.from_date === r.to_date ? formatDmy(r.from_date) : `${formatDmy(r.from_date)} – ${formatDmy(r.to_date)}`} · {t('requests.filed', { date: formatDmy(r.created_at) })}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )
      }
    </BlockCard>
  );
}
