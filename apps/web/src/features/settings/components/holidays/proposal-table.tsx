import { useRef } from 'react';
import { Button, DatePicker, Input, Select, Table, type TableColumnsType, type TableRef } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { HOLIDAY_KINDS, HOLIDAY_NAME_MAX, type HolidayKind, type HolidayProposal } from '@tms/contracts/holidays';
import { useScrollRegion } from '../../../../components/use-scroll-region.ts';
import { DATE_DMY, DATE_ISO, formatDmy, parseServerDate } from '../../../../lib/dates.ts';
import { settingsTexts } from '../../i18n/index.ts';

export type ProposalRow = HolidayProposal & { key: number };
type Props = { rows: readonly ProposalRow[]; onChange: (rows: ProposalRow[]) => void };

/** The proposal's days, each editable in place (the government moves days each year) or removed. */
export function ProposalTable({ rows, onChange }: Props) {
  const { t } = settingsTexts.useT();
  const table = useRef<TableRef>(null);
  useScrollRegion(table, t('holidays.list'));
  const set = (key: number, patch: Partial<HolidayProposal>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const columns: TableColumnsType<ProposalRow> = [
    {
      title: t('holidays.date'),
      key: 'date',
      width: 150,
      render: (_v, r) => (
        <DatePicker
          value={parseServerDate(r.date)}
          format={DATE_DMY}
          allowClear={false}
          aria-label={`${t('holidays.date')} ${formatDmy(r.date)}`}
          onChange={(d) => d && set(r.key, { date: d.format(DATE_ISO) })}
          data-testid={`proposal-date-${r.date}`}
        />
      ),
    },
    {
      title: t('holidays.nameEn'),
      key: 'name_en',
      render: (_v, r) => <Input value={r.name_en} maxLength={HOLIDAY_NAME_MAX} aria-label={`${t('holidays.nameEn')} ${formatDmy(r.date)}`} onChange={(e) => set(r.key, { name_en: e.target.value })} />,
    },
    {
      title: t('holidays.nameVi'),
      key: 'name_vi',
      render: (_v, r) => <Input value={r.name_vi} maxLength={HOLIDAY_NAME_MAX} aria-label={`${t('holidays.nameVi')} ${formatDmy(r.date)}`} onChange={(e) => set(r.key, { name_vi: e.target.value })} />,
    },
    {
      title: t('holidays.kind'),
      key: 'kind',
      width: 200,
      render: (_v, r) => (
        <Select<HolidayKind>
          value={r.kind}
          style={{ width: '100%' }}
          aria-label={`${t('holidays.kind')} ${formatDmy(r.date)}`}
          options={HOLIDAY_KINDS.map((k) => ({ value: k, label: t(`holidays.kinds.${k}`) }))}
          onChange={(kind) => set(r.key, { kind })}
        />
      ),
    },
    {
      title: t('holidays.actions'),
      key: 'remove',
      width: 70,
      render: (_v, r) => (
        <Button size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('holidays.removeRow', { date: formatDmy(r.date) })} onClick={() => onChange(rows.filter((x) => x.key !== r.key))} />
      ),
    },
  ];
  return <Table<ProposalRow> ref={table} size="small" rowKey="key" columns={columns} dataSource={[...rows]} pagination={false} scroll={{ x: 860 }} data-testid="holidays-proposal" />;
}
