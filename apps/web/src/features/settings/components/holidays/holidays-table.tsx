import { useRef } from 'react';
import { Button, Table, Tag, type TableColumnsType, type TableRef } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { HolidayRow } from '@tms/contracts/holidays';
import { RowActionsSpace } from '../../../../components/row-actions-space.tsx';
import { useScrollRegion } from '../../../../components/use-scroll-region.ts';
import { formatDmy } from '../../../../lib/dates.ts';
import { settingsTexts } from '../../i18n/index.ts';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export const KIND_COLOURS = { PUBLIC: 'red', COMPENSATORY: 'orange', COMPANY: 'blue' } as const;

type Props = {
  rows: readonly HolidayRow[];
  loading: boolean;
  nameOf: (h: HolidayRow) => string;
  onEdit: (h: HolidayRow) => void;
  onRemove: (h: HolidayRow) => void;
  onHistory: (h: HolidayRow) => void;
};

/** The year's holidays in date order: date, weekday, name in the reader's language, kind, note and the row actions. */
export function HolidaysTable({ rows, loading, nameOf, onEdit, onRemove, onHistory }: Props) {
  const { t } = settingsTexts.useT();
  const table = useRef<TableRef>(null);
  useScrollRegion(table, t('holidays.list'));
  const columns: TableColumnsType<HolidayRow> = [
    { title: t('holidays.date'), key: 'date', width: 120, render: (_v, r) => formatDmy(r.date) },
    { title: t('holidays.weekday'), key: 'weekday', width: 80, render: (_v, r) => t(`holidays.weekdays.${WEEKDAYS[dayjs(r.date).day()]!}`) },
    { title: t('holidays.name'), key: 'name', render: (_v, r) => nameOf(r) },
    { title: t('holidays.kind'), key: 'kind', width: 190, render: (_v, r) => <Tag color={KIND_COLOURS[r.kind]}>{t(`holidays.kinds.${r.kind}`)}</Tag> },
    { title: t('holidays.note'), dataIndex: 'note', key: 'note', width: 160 },
    {
      title: t('holidays.actions'),
      key: 'actions',
      width: 150,
      render: (_v, r) => (
        <RowActionsSpace>
          <Button size="small" icon={<HistoryOutlined aria-hidden />} aria-label={`${t('holidays.history')} ${formatDmy(r.date)}`} onClick={() => onHistory(r)} />
          <Button size="small" icon={<EditOutlined aria-hidden />} aria-label={`${t('holidays.edit')} ${formatDmy(r.date)}`} onClick={() => onEdit(r)} data-testid={`holiday-edit-${r.date}`} />
          <Button size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${t('holidays.remove')} ${formatDmy(r.date)}`} onClick={() => onRemove(r)} data-testid={`holiday-remove-${r.date}`} />
        </RowActionsSpace>
      ),
    },
  ];
  return (
    <Table<HolidayRow>
      ref={table}
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...rows]}
      loading={loading}
      pagination={false}
      scroll={{ x: 760 }}
      locale={{ emptyText: t('holidays.empty') }}
      data-testid="holidays-table"
    />
  );
}
