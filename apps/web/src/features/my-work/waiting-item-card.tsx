import { Button, Card, Checkbox, Descriptions, Space, Tag, Typography } from 'antd';
import type { WaitingItem } from '@tms/contracts/my-work';
import { RowActionsSpace } from '../../components/row-actions-space.tsx';
import { formatDmy } from '../../lib/dates.ts';
import { formatDays, formatHours } from '../../lib/numbers.ts';
import { myWorkTexts } from './i18n/index.ts';

type T = ReturnType<typeof myWorkTexts.useT>['t'];

/** What an item is, for its confirmation and its checkbox's name: "Request: Annual leave". */
export function itemWhat(t: T, item: WaitingItem): string {
  return `${t(`waiting.kinds.${item.kind}`)}: ${item.title}`;
}

export function amountText(t: T, value: number | null, unit: WaitingItem['unit']): string {
  if (value === null || unit === null) return '';
  return unit === 'DAYS' ? t('waiting.days', { value: formatDays(value) }) : t('waiting.hours', { value: formatHours(value) });
}

/** One waiting item as a card (reads on a phone): requester, kind and stage, dates, amount, balance after, actions. */
export function WaitingItemCard({
  item,
  selected,
  busy,
  onSelect,
  onApprove,
  onReject,
}: {
  item: WaitingItem;
  selected: boolean;
  busy: boolean;
  onSelect: (checked: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = myWorkTexts.useT();
  const name = item.requester.name;
  const dates = item.from_date === item.to_date ? formatDmy(item.from_date) : `${formatDmy(item.from_date)} – ${formatDmy(item.to_date)}`;
  return (
    <Card size="small" data-testid={`my-work-item-${item.key}`} className="my-work-item">
      <Space align="start" size={8} style={{ width: '100%' }}>
        <Checkbox checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-label={t('waiting.select', { name, what: itemWhat(t, item) })} />
        <Space orientation="vertical" size={4} style={{ minWidth: 0, flex: 1 }}>
          <Space wrap size={4}>
            <Typography.Text strong>{name}</Typography.Text>
            {item.requester.department_name ? <Typography.Text type="secondary">{item.requester.department_name}</Typography.Text> : null}
          </Space>
          <Space wrap size={4}>
            <Tag color="blue">{t(`waiting.kinds.${item.kind}`)}</Tag>
            {item.stage ? <Tag>{t(`waiting.stages.${item.stage}`)}</Tag> : null}
            {item.approval_step ? <Tag data-testid="my-work-approval-step">{t('waiting.approvalStep', { step: item.approval_step.step, count: item.approval_step.count })}</Tag> : null}
            <Typography.Text>{item.title}</Typography.Text>
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
            <Descriptions.Item label={t('waiting.dates')}>{dates}</Descriptions.Item>
            {item.amount !== null ? <Descriptions.Item label={t('waiting.amount')}>{amountText(t, item.amount, item.unit)}</Descriptions.Item> : null}
            {item.balance_after !== null ? (
              <Descriptions.Item label={t('waiting.balanceAfter')}>
                <Typography.Text type={item.balance_after < 0 ? 'danger' : undefined} data-testid="my-work-balance-after">
                  {amountText(t, item.balance_after, item.unit)}
                </Typography.Text>
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('waiting.filed')}>{formatDmy(item.created_at)}</Descriptions.Item>
          </Descriptions>
          <RowActionsSpace>
            <Button type="primary" size="small" disabled={busy} onClick={onApprove} data-testid="my-work-approve">
              {t('waiting.approve')}
            </Button>
            <Button danger size="small" disabled={busy} onClick={onReject} data-testid="my-work-reject">
              {t('waiting.reject')}
            </Button>
          </RowActionsSpace>
        </Space>
      </Space>
    </Card>
  );
}
