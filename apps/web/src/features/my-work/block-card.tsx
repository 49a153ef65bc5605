import type { ReactNode } from 'react';
import { Alert, Button, Card, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { myWorkTexts } from './i18n/index.ts';

/**
 * One block of My Work: a card with its title, a skeleton while it loads, its own failure with a retry (a block
 * that fails leaves the others working), else its content.
 */
export function BlockCard<T>({ title, extra, query, testId, children }: { title: ReactNode; extra?: ReactNode; query: UseQueryResult<T>; testId: string; children: (data: T) => ReactNode }) {
  const { t } = myWorkTexts.useT();
  return (
    <Card title={title} extra={extra} size="small" data-testid={testId} className="my-work-block" styles={{ title: { whiteSpace: 'normal' } }}>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        children(query.data as T)
      )}
    </Card>
  );
}
