import { Button, Empty, List, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { routeByName } from '@tms/contracts/routes';
import { formatDmy } from '../../lib/dates.ts';
import { useToDo } from './api/my-work-api.ts';
import { BlockCard } from './block-card.tsx';
import { myWorkTexts } from './i18n/index.ts';
import { toDoCaseText } from './to-do-text.ts';

const ABNORMAL_CASE_PATH = routeByName('abnormal-case').path;

/** What the user must do: their unexplained abnormal cases, each with the closing of its period (the deadline). */
/** The explanation deadline: antd's warning gold reads 2.4:1 on white; gold-9 keeps the hue at AA contrast. */
const DEADLINE_COLOR = '#874d00';

export function ToDoBlock({ canExplain }: { canExplain: boolean }) {
  const { t } = myWorkTexts.useT();
  const query = useToDo();
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
                    {toDoCaseText(c, t)}
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
