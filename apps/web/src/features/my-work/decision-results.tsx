import { Alert, Button, List, Space, Tag, Typography } from 'antd';
import type { DecisionResult } from './api/decide.ts';
import { itemWhat } from './waiting-item-card.tsx';
import { myWorkTexts } from './i18n/index.ts';

/** The outcome of the last approval or rejection, item by item: done with the server's message, or why not. */
export function DecisionResults({ results, onClear }: { results: readonly DecisionResult[]; onClear: () => void }) {
  const { t } = myWorkTexts.useT();
  const failed = results.filter((r) => !r.ok).length;
  return (
    <Alert
      type={failed === 0 ? 'success' : failed === results.length ? 'error' : 'warning'}
      data-testid="my-work-results"
      style={{ marginBottom: 12 }}
      title={t('waiting.results')}
      description={
        <List
          size="small"
          dataSource={[...results]}
          renderItem={(r) => (
            <List.Item key={r.key} data-testid={`my-work-result-${r.key}`} data-ok={r.ok}>
              <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
                <Space wrap size={4}>
                  <Tag color={r.ok ? 'green' : 'red'}>{r.ok ? t('waiting.resultOk') : t('waiting.resultFailed')}</Tag>
                  <Typography.Text strong>{r.item.requester.name}</Typography.Text>
                  <Typography.Text>{itemWhat(t, r.item)}</Typography.Text>
                </Space>
                <Typography.Text type={r.ok ? 'secondary' : 'danger'}>{r.message}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      }
      action={
        <Button size="small" onClick={onClear}>
          {t('waiting.resultsClose')}
        </Button>
      }
    />
  );
}
