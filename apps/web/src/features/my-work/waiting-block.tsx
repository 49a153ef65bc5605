import { useState } from 'react';
import { Button, Checkbox, Empty, Space, Typography } from 'antd';
import type { WaitingItem } from '@tms/contracts/my-work';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import { ReasonModal } from '../../components/reason-modal.tsx';
import { useWaiting } from './api/my-work-api.ts';
import { useDecide, type Decision, type DecisionResult } from './api/decide.ts';
import { BlockCard } from './block-card.tsx';
import { DecisionResults } from './decision-results.tsx';
import { myWorkTexts } from './i18n/index.ts';
import { itemWhat, WaitingItemCard } from './waiting-item-card.tsx';

/**
 * The approver's list (issue 26 §2): everything waiting for them, oldest first; approve or reject one item or the
 * selected ones, always after a confirmation (a rejection asks its reason), then each item's result.
 */
export function WaitingBlock() {
  const { t } = myWorkTexts.useT();
  const query = useWaiting(true);
  const decide = useDecide();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState<readonly WaitingItem[] | null>(null);
  const [results, setResults] = useState<readonly DecisionResult[] | null>(null);
  const items = query.data?.items ?? [];
  const chosen = items.filter((i) => selected.has(i.key));

  const run = async (list: readonly WaitingItem[], decision: Decision, reason?: string) => {
    const outcome = await decide.mutateAsync({ items: list, decision, reason });
    setResults(outcome);
    setSelected((s) => new Set([...s].filter((key) => !outcome.some((r) => r.key === key && r.ok))));
  };
  const approve = (list: readonly WaitingItem[]) =>
    confirmDialog({
      content: list.length === 1 ? t('waiting.confirmApprove', { what: itemWhat(t, list[0]!), name: list[0]!.requester.name }) : t('waiting.confirmApproveMany', { count: list.length }),
      okText: t('waiting.approve'),
      onOk: () => run(list, 'approve'),
    });
  const toggle = (key: string, checked: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (checked) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <BlockCard
      title={t('waiting.title')}
      extra={query.data ? <Typography.Text data-testid="my-work-waiting-total">{t('waiting.count', { count: query.data.total })}</Typography.Text> : null}
      query={query}
      testId="my-work-waiting"
    >
      {(data) => (
        <>
          {results ? <DecisionResults results={results} onClear={() => setResults(null)} /> : null}
          {data.items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('waiting.empty')} />
          ) : (
            <Space orientation="vertical" size={8} style={{ width: '100%' }}>
              <Space wrap size={8}>
                <Checkbox
                  checked={chosen.length === items.length}
                  indeterminate={chosen.length > 0 && chosen.length < items.length}
                  onChange={(e) => setSelected(new Set(e.target.checked ? items.map((i) => i.key) : []))}
                  data-testid="my-work-select-all"
                >
                  {t('waiting.selectAll')}
                </Checkbox>
                <Button type="primary" size="small" disabled={chosen.length === 0 || decide.isPending} onClick={() => approve(chosen)} data-testid="my-work-approve-selected">
                  {t('waiting.approveSelected', { count: chosen.length })}
                </Button>
                <Button danger size="small" disabled={chosen.length === 0 || decide.isPending} onClick={() => setRejecting(chosen)} data-testid="my-work-reject-selected">
                  {t('waiting.rejectSelected', { count: chosen.length })}
                </Button>
              </Space>
              {data.total > data.items.length ? <Typography.Text type="secondary">{t('waiting.shown', { shown: data.items.length, count: data.total })}</Typography.Text> : null}
              {data.items.map((item) => (
                <WaitingItemCard
                  key={item.key}
                  item={item}
                  selected={selected.has(item.key)}
                  busy={decide.isPending}
                  onSelect={(checked) => toggle(item.key, checked)}
                  onApprove={() => approve([item])}
                  onReject={() => setRejecting([item])}
                />
              ))}
            </Space>
          )}
          {rejecting ? (
            <ReasonModal
              title={rejecting.length === 1 ? t('waiting.rejectTitle', { what: itemWhat(t, rejecting[0]!), name: rejecting[0]!.requester.name }) : t('waiting.rejectManyTitle', { count: rejecting.length })}
              requiredMessage={t('waiting.reasonRequired')}
              okText={t('waiting.reject')}
              name="my-work-reject"
              saveTestId="my-work-reject-ok"
              cancelTestId="my-work-reject-cancel"
              inputTestId="my-work-reject-reason"
              pending={decide.isPending}
              onSubmit={async (reason) => {
                await run(rejecting, 'reject', reason);
                setRejecting(null);
              }}
              onCancel={() => setRejecting(null)}
            />
          ) : null}
        </>
      )}
    </BlockCard>
  );
}
