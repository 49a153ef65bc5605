import { useMemo, useState } from 'react';
import { Descriptions, Drawer, Typography, type TableColumnsType } from 'antd';
import { LOGS_TABLE_HEIGHT, type MailOutboxRow } from '@tms/contracts/logs';
import { FilterBar, type FilterQuery } from '../../../components/filter-bar.tsx';
import { toFilterQuery } from '../../../components/filter-query.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import { sameQuery } from '../../../components/record-tab.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { useMailOutbox } from '../api/logs-api.ts';
import { logsTexts, type LogsT } from '../i18n/index.ts';
import { mailFilters, mailStatusName } from './logs-filters.ts';

const STATUS_COLOR: Record<string, string> = { outbox: 'blue', sent: 'green', failed: 'red' };

const columnsOf = (t: LogsT): TableColumnsType<MailOutboxRow> => [
  { title: t('mail.to'), dataIndex: 'to', key: 'to', width: 240, ellipsis: true },
  { title: t('mail.subject'), dataIndex: 'subject', key: 'subject', width: 320, ellipsis: true },
  { title: t('mail.status'), key: 'status', width: 100, render: (_v, r) => <StatusTag label={mailStatusName(t, r.status)} color={STATUS_COLOR[r.status] ?? 'default'} /> },
  { title: t('mail.created'), dataIndex: 'created_format', key: 'created', width: 170 },
  { title: t('mail.sent'), dataIndex: 'sent_format', key: 'sent', width: 170 },
  { title: t('mail.error'), dataIndex: 'error', key: 'error', width: 240, ellipsis: true },
];

const INITIAL = toFilterQuery(mailFilters(logsTexts.t), undefined);

/** Mail Outbox (RULES.md §8, ADMIN only): every mail the application wrote; a row opens a drawer with its text. */
export function MailOutboxTab() {
  const [filters, setFilters] = useState<FilterQuery>(INITIAL);
  const list = useMailOutbox(filters);
  const [open, setOpen] = useState<MailOutboxRow | null>(null);
  const { t } = logsTexts.useT();
  const fields = useMemo(() => mailFilters(t), [t]);
  const columns = useMemo(() => columnsOf(t), [t]);
  return (
    <>
      <FilterBar fields={fields} formName="mail-filter" onSearch={(q) => (sameQuery(q, filters) ? void list.refetch() : setFilters(q))} loading={list.loading} />
      <PagedTable<MailOutboxRow>
        {...list.tableProps}
        columns={columns}
        rowKey="id"
        scrollY={LOGS_TABLE_HEIGHT}
        onRowClick={setOpen}
        data-testid="mail-outbox-table"
        tableProps={{ locale: { emptyText: t('mail.empty') } }}
      />
      <Drawer open={open !== null} onClose={() => setOpen(null)} title={open?.subject} size={640} data-testid="mail-drawer">
        {open ? (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('mail.to')}>{open.to}</Descriptions.Item>
              {open.cc ? <Descriptions.Item label={t('mail.cc')}>{open.cc}</Descriptions.Item> : null}
              <Descriptions.Item label={t('mail.status')}>{mailStatusName(t, open.status)}</Descriptions.Item>
              <Descriptions.Item label={t('mail.created')}>{open.created_format}</Descriptions.Item>
              {open.sent_format ? <Descriptions.Item label={t('mail.sent')}>{open.sent_format}</Descriptions.Item> : null}
              {open.error ? <Descriptions.Item label={t('mail.error')}>{open.error}</Descriptions.Item> : null}
            </Descriptions>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16 }} data-testid="mail-text">
              {open.text}
            </Typography.Paragraph>
          </>
        ) : null}
      </Drawer>
    </>
  );
}
