import { useState, type UIEvent } from 'react';
import { Empty, Input, Radio, Spin, Typography } from 'antd';
import { DELEGATION_SEARCH_DEBOUNCE_MS, DELEGATOR_SEARCH_MIN, type DelegatorCandidate } from '@tms/contracts/delegation';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useDelegatorPages } from './api/delegation-api.ts';
import { delegationTexts } from './i18n/index.ts';

/**
 * Step 1 "Create Delegation" (spec 001 §2.9): a searchable radio list of delegators (3+ characters, debounced 1 s),
 * loaded page by page as the list is scrolled. People who already delegate are shown but cannot be chosen (one live
 * delegation per delegator; the server answers "Item has already existed").
 */
export function DelegatorStep({ value, onChange }: { value: DelegatorCandidate | null; onChange: (d: DelegatorCandidate) => void }) {
  const { t } = delegationTexts.useT();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, DELEGATION_SEARCH_DEBOUNCE_MS);
  const pages = useDelegatorPages(search, true);
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 40 && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  return (
    <div data-testid="delegator-step">
      <Input.Search
        placeholder={t('delegatorStep.search', { min: DELEGATOR_SEARCH_MIN })}
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={t('delegatorStep.searchLabel')}
        data-testid="delegator-search"
        style={{ marginBottom: 8 }}
      />
      <div style={{ maxHeight: 320, overflowY: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }} onScroll={onScroll} data-testid="delegator-list" tabIndex={0} role="region" aria-label={t('delegatorStep.list')}>
        {items.length === 0 && !pages.isFetching ? <Empty description={t('noData')} /> : null}
        <Radio.Group
          value={value?.id}
          onChange={(e) => {
            const chosen = items.find((d) => d.id === e.target.value);
            if (chosen) onChange(chosen);
          }}
          style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
        >
          {items.map((d) => (
            <Radio key={d.id} value={d.id} disabled={d.has_delegation} data-testid={`delegator-option-${d.user_name ?? d.id}`}>
              {d.name} {d.user_name ? `- ${d.user_name}` : ''}{' '}
              <Typography.Text type="secondary">{d.department_name ?? ''}{d.has_delegation ? ` (${t('delegatorStep.alreadyDelegating')})` : ''}</Typography.Text>
            </Radio>
          ))}
        </Radio.Group>
        {pages.isFetching ? <Spin size="small" style={{ display: 'block', margin: 8 }} /> : null}
      </div>
    </div>
  );
}
