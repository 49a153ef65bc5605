import { useState } from 'react';
import { Button, DatePicker, Empty, Radio, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { DELEGATION_SEARCH_DEBOUNCE_MS, MEMBER_SEARCH_MIN, type MemberCandidate } from '@tms/contracts/delegation';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { DATE_DMY, formatDmy, formatIsoDate } from '../../lib/dates.ts';
import { notifyWarning } from '../../lib/notify.ts';
import { useMemberChoices } from './api/delegation-api.ts';
import { messageText } from './delegation-messages.ts';
import { delegationTexts } from './i18n/index.ts';
import { addRange, removeRange, setMembers, withoutDelegator, type WizardRange } from './wizard-state.ts';

const memberLabel = (m: MemberCandidate) => `${m.name}${m.user_name ? ` - ${m.user_name}` : ''}`;

/**
 * Step 2 (spec 001 §2.9, §5.7): add date ranges ("Please select date range first!", "Item has already existed") and
 * pick the members of the active range (search of more than 3 characters, debounced 1 s); the delegator is never
 * offered.
 */
export function MembersStep({ delegatorId, ranges, onChange }: { delegatorId: number | null; ranges: WizardRange[]; onChange: (r: WizardRange[]) => void }) {
  const { t } = delegationTexts.useT();
  const [picked, setPicked] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [activeKey, setActiveKey] = useState<string | null>(ranges[0]?.key ?? null);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, DELEGATION_SEARCH_DEBOUNCE_MS);
  const choices = useMemberChoices(delegatorId, search, true);
  const active = ranges.find((r) => r.key === activeKey) ?? null;

  const onAdd = () => {
    const from = picked?.[0] ? formatIsoDate(picked[0]) : null;
    const to = picked?.[1] ? formatIsoDate(picked[1]) : null;
    const out = addRange(ranges, from, to);
    if ('error' in out) return notifyWarning(messageText(out.error));
    onChange(out.ranges);
    setActiveKey(out.key);
    setPicked(null);
  };

  const known = new Map<number, MemberCandidate>();
  for (const m of [...(active?.members ?? []), ...withoutDelegator(choices.data ?? [], delegatorId)]) known.set(m.id, m);
  const options = withoutDelegator([...known.values()], delegatorId).map((m) => ({ value: m.id, label: memberLabel(m) }));

  return (
    <div data-testid="members-step">
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          format={DATE_DMY}
          value={picked}
          onChange={(v) => setPicked(v as [Dayjs | null, Dayjs | null] | null)}
          allowEmpty={[true, true]}
          data-testid="delegation-range"
        />
        <Button icon={<PlusOutlined aria-hidden />} onClick={onAdd} data-testid="delegation-add-range">
          {t('membersStep.addRange')}
        </Button>
      </Space>
      {ranges.length === 0 ? (
        <Empty description={t('membersStep.addRangeFirst')} />
      ) : (
        <Radio.Group value={activeKey} onChange={(e) => setActiveKey(e.target.value as string)} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
          {ranges.map((r) => (
            <span key={r.key} style={{ display: 'inline-flex', alignItems: 'center' }}>
              <Radio.Button value={r.key} data-testid={`delegation-range-${r.key}`}>
                {formatDmy(r.from)} – {formatDmy(r.to)} <Tag style={{ marginLeft: 4 }}>{r.members.length}</Tag>
              </Radio.Button>
              <Button
                type="text"
                size="small"
                aria-label={t('membersStep.removeRange', { from: formatDmy(r.from), to: formatDmy(r.to) })}
                icon={<DeleteOutlined aria-hidden />}
                onClick={() => {
                  onChange(removeRange(ranges, r.key));
                  if (activeKey === r.key) setActiveKey(null);
                }}
              />
            </span>
          ))}
        </Radio.Group>
      )}
      {active ? (
        <>
          <Typography.Text strong>
            {t('membersStep.membersFor', { from: formatDmy(active.from), to: formatDmy(active.to) })}
          </Typography.Text>
          <Select<number[]>
            mode="multiple"
            style={{ width: '100%', marginTop: 4 }}
            placeholder={t('membersStep.search', { min: MEMBER_SEARCH_MIN - 1 })}
            aria-label={t('membersStep.members')}
            showSearch={{ filterOption: false, onSearch: setText }}
            loading={choices.isFetching}
            value={active.members.map((m) => m.id)}
            options={options}
            onChange={(ids) => onChange(setMembers(ranges, active.key, ids.map((id) => known.get(id)!).filter(Boolean)))}
            onBlur={() => setText('')}
            data-testid="delegation-members"
          />
        </>
      ) : null}
    </div>
  );
}
