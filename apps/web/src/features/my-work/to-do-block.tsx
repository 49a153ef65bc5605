import { Button, Empty, List, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { routeByName } from '@tms/contracts/routes';
import { formatDmy } from '../../lib/dates.ts';
import { formatCount } from '../../lib/numbers.ts';
import { useToDo } from './api/my-work-api.ts';
import { BlockCard } from './block-card.tsx';
import { myWorkTexts } from './i18n/index.ts';

const ABNORMAL_CASE_PATH = routeByName('abnormal-case').path;

/** What the user must do: their unexplained abnormal cases, each with the closing of its period (the deadline). */
/** The explanation deadline: antd's warning gold reads 2.4:1 on white; gold-9 keeps the hue at AA contrast. */
const DEADLINE_COLOR = '#874d00';

export function ToDoBlock({ canExplain }: { canExplain: boolean }) {
  const { t } = myWorkTexts.useT();
  const query = useToDo();
  const reasonText = (code: string) => {
    const key = `toDo.reasons.${code}` as const;
    return code in { '1': 1, '2': 1, '3': 1, '4': 1, '5': 1, '6': 1, FLEXIBLE_ABSENT: 1 } ? t(key as Parameters<typeof t>[0]) : code;
  };
  return (
    <BlockCard title={t('toDo.title')} query={query} testId="my-work-to-do">
      {(items) =>
        items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('toDo.empty')} />
        ) : (
          <List
            size="small"
            dataSource={items}
            renderItem={(c) => (
              <List.Item
                key={c.abnormal_case_id}
                data-testid={`my-work-to-do-${c.abnormal_case_id}`}
                actions={
                  canExplain
                    ? [
                        <Link key="explain" to={ABNORMAL_CASE_PATH}>
                          <Button size="small">{t('toDo.explain')}</Button>
                        </Link>,
                      ]
                    : []
                }
              >
                <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
                  <Typography.Text strong>
                    {formatDmy(c.date)} — {reasonText(c.reason)} ({t('toDo.minutes', { count: formatCount(c.minute_violation) })})
                  </Typography.Text>
                  <Typography.Text className="my-work-deadline" style={{ color: DEADLINE_COLOR }}>{t('toDo.deadline', { date: formatDmy(c.deadline_date), hour: c.deadline_hour })}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )
      }
    </BlockCard>
  );
}
