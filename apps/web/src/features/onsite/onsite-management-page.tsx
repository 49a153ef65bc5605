import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { Button, Empty, Typography } from 'antd';
import { FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { ONSITE_STAFF_EDITORS, ONSITE_STAGES, type OnsiteRow } from '@tms/contracts/onsite';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import type { FilterField } from '../../components/filter-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { ReasonModal } from '../../components/reason-modal.tsx';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { sessionKey, useSessionState } from '../../lib/use-session-state.ts';
import { exportOnsite, useOnsiteCommand, useOnsiteDetail, useOnsiteList, type OnsiteFilters } from './api/onsite-api.ts';
import { onsiteColumns } from './components/onsite-columns.tsx';
import { OnsiteDetailDrawer } from './components/onsite-detail-drawer.tsx';
import { OnsiteFormModal } from './components/onsite-form-modal.tsx';
import { stageName, type OnsiteMenuAction } from './components/onsite-view.ts';
import { onsiteTexts } from './i18n/index.ts';

/**
 * Filters (spec 002 §2): title (with or without diacritics), project, status, date range (YYYY-MM-DD), staff. Built
 * with the page's `t`, so a language switch renames them.
 */
const onsiteFilters = (t: typeof onsiteTexts.t): readonly FilterField[] => [
  { kind: 'text', name: 'title', label: t('filters.title') },
  { kind: 'project', name: 'projectId', label: t('filters.project'), multiple: true },
  { kind: 'select', name: 'status', label: t('filters.status'), multiple: true, options: ([1, 3, 4, 5] as const).map((s) => ({ value: s, label: t(`status.${s}`) })) },
  { kind: 'dateRange', name: 'date', label: t('filters.range'), fromParam: 'fromDate', toParam: 'toDate', format: 'YYYY-MM-DD' },
  { kind: 'employee', name: 'employee', label: t('filters.staff'), multiple: true, valueField: 'id' },
];

/**
 * The filter kept for the session: title, status and date range come back into the bar; the remote selects (project,
 * staff) have no labels to show after a reload, so they are not kept.
 */
const KEPT = ['title', 'status', 'fromDate', 'toDate'] as const;
function readStoredFilters(raw: unknown): OnsiteFilters {
  if (!raw || typeof raw !== 'object') return {};
  const out: OnsiteFilters = {};
  for (const k of KEPT) {
    const v = (raw as Record<string, unknown>)[k];
    if (typeof v === 'string' && v) out[k] = v;
  }
  return out;
}
function filterValuesOf(f: OnsiteFilters) {
  return {
    title: f.title,
    status: f.status ? f.status.split(',').map(Number) : [],
    date: f.fromDate && f.toDate ? [dayjs(f.fromDate), dayjs(f.toDate)] : null,
  };
}

type Dialog = { kind: 'create' } | { kind: 'edit'; id: number } | { kind: 'reject' | 'withdraw'; row: OnsiteRow } | { kind: 'detail'; id: number } | null;

/** The edit modal needs the detail (CC list); it opens once it is loaded. */
function EditLoader({ id, mayChangeStaff, onClose }: { id: number; mayChangeStaff: boolean; onClose: () => void }) {
  const detail = useOnsiteDetail(id);
  return detail.data ? <OnsiteFormModal row={detail.data} mayChangeStaff={mayChangeStaff} onClose={onClose} /> : null;
}

/**
 * /timesheet/onsite-management (spec 002 §2): the onsite requests the caller may see, with filter (kept for the
 * session), Add New, Export to Excel, the two-stage status tag and a row menu driven by the server's `actions`.
 */
export function OnsiteManagementPage() {
  const { t } = onsiteTexts.useT();
  const fields = useMemo(() => onsiteFilters(t), [t]);
  const { data: user } = useCurrentUser();
  const [filters, setFilters] = useSessionState<OnsiteFilters>(sessionKey('onsite-management-filters', user?.userName), readStoredFilters);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useOnsiteList(filters);
  const command = useOnsiteCommand();
  const mayChangeStaff = hasRole(user, ...ONSITE_STAFF_EDITORS);
  const close = () => setDialog(null);
  // ?id= (a notification's link, or Request Management's link to an onsite row's record) opens that record's detail.
  const [params, setParams] = useSearchParams();
  const linkedId = Number(params.get('id')) || null;
  useEffect(() => {
    if (!linkedId) return;
    setDialog({ kind: 'detail', id: linkedId });
    setParams((p) => {
      p.delete('id');
      return p;
    }, { replace: true });
  }, [linkedId, setParams]);

  const search = (query: FilterQuery) => (JSON.stringify(query) === JSON.stringify(filters) ? void list.refetch() : setFilters(query as OnsiteFilters));

  const onAction = (action: OnsiteMenuAction, row: OnsiteRow) => {
    if (action === 'edit') setDialog({ kind: 'edit', id: row.id });
    else if (action === 'reject' || action === 'withdraw') setDialog({ kind: action, row });
    else
      confirmDialog({
        content: t('approveConfirm', { stage: stageName(row.status_department.status === 'P' ? ONSITE_STAGES.department : ONSITE_STAGES.cb, t), title: row.title }),
        okText: t('approve'),
        onOk: async () => {
          await command.mutateAsync({ kind: 'approve', id: row.id, version: row.version });
          notifySuccess(onsiteTexts.t('messages.approved'));
        },
      });
  };

  const exportList = () => void exportOnsite(filters).catch(notifyApiError);

  const buttons = (
    <>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'create' })} data-testid="onsite-add">
        {t('addNew')}
      </Button>
      <Button icon={<FileExcelOutlined aria-hidden />} onClick={exportList} data-testid="onsite-export">
        {t('exportExcel')}
      </Button>
    </>
  );

  return (
    <>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <FilterBar fields={fields} formName="onsite-filter" initialValues={filterValuesOf(filters)} onSearch={search} extra={buttons} loading={list.loading} reloadTo="empty" />
      <PagedTable<OnsiteRow>
        {...list.tableProps}
        columns={onsiteColumns({ onAction, onOpen: (row) => setDialog({ kind: 'detail', id: row.id }), t })}
        rowKey="id"
        data-testid="onsite-table"
        tableProps={{ locale: { emptyText: <Empty description={t('empty')} /> } }}
      />
      {dialog?.kind === 'create' ? <OnsiteFormModal mayChangeStaff={mayChangeStaff} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <EditLoader id={dialog.id} mayChangeStaff={mayChangeStaff} onClose={close} /> : null}
      {dialog?.kind === 'detail' ? <OnsiteDetailDrawer id={dialog.id} onClose={close} /> : null}
      {dialog?.kind === 'reject' || dialog?.kind === 'withdraw' ? (
        <ReasonModal
          title={dialog.kind === 'reject' ? t('rejectTitle') : t('withdrawTitle')}
          requiredMessage={t('messages.reasonRequired')}
          name={`onsite-${dialog.kind}`}
          okText={dialog.kind === 'reject' ? t('reject') : t('withdraw')}
          saveTestId="onsite-reason-save"
          cancelTestId="onsite-reason-cancel"
          inputTestId="onsite-reason"
          pending={command.isPending}
          onCancel={close}
          onSubmit={async (reason) => {
            const kind = dialog.kind as 'reject' | 'withdraw';
            await command.mutateAsync({ kind, id: dialog.row.id, version: dialog.row.version, reason });
            notifySuccess(kind === 'reject' ? onsiteTexts.t('messages.rejected') : onsiteTexts.t('messages.withdrawn'));
            close();
          }}
        />
      ) : null}
    </>
  );
}
