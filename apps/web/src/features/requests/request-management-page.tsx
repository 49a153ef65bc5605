import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { REQUEST_IMPORTERS, REQUEST_MESSAGES as M, REQUEST_MULTIPLE_CREATORS, REQUEST_STATUS, type RequestRecord } from '@tms/contracts/requests';
import { FilterBar } from '../../components/filter-bar.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { sameQuery } from '../../components/record-tab.tsx';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import type { FilterQuery } from '../../components/filter-query.ts';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { exportRequests, findRequest, REQUEST_PATHS, requestKeys, useUpdateAssignee, useUpdateStatus } from './api/request-api.ts';
import { CreateRequestModal, type RequestModalMode } from '../../components/requests/create-request-modal.tsx';
import { DelegateModal } from './components/delegate-modal.tsx';
import { ReasonModal } from '../../components/reason-modal.tsx';
import type { RequestAction } from './components/request-actions.ts';
import { requestColumns } from './components/request-columns.tsx';
import { ExplanationDetailDrawer, RequestDetailDrawer } from './components/request-detail-drawer.tsx';
import { INITIAL_REQUEST_VALUES, initialRequestQuery, REQUEST_FILTERS, STAFF_REQUEST_FILTERS } from './components/request-filters.ts';
import { RequestImportDialog } from './components/request-import-dialogs.tsx';

type Dialog =
  | { kind: 'create'; mode: RequestModalMode; date?: string }
  | { kind: 'edit'; row: RequestRecord }
  | { kind: 'reject' | 'withdraw'; row: RequestRecord }
  | { kind: 'delegate'; row: RequestRecord }
  | { kind: 'import'; which: 'timeoff' | 'revoke' }
  | null;

/**
 * /timesheet/request-management (spec 001 §2.3, §4.2, §7.2): filters (the staff set for STAFF; status default Pending),
 * the table with its action menu, the detail drawers, the reason modal and the Yes/No confirm, Create/Update Request,
 * Add Multiple Staffs (HR, Admin), Export, and the two imports (Admin, HRM, HR).
 */
export function RequestManagementPage() {
  const { data: user } = useCurrentUser();
  const staffOnly = !hasRole(user, 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'GUEST') && !user?.isPm;
  const fields = staffOnly ? STAFF_REQUEST_FILTERS : REQUEST_FILTERS;
  const [filters, setFilters] = useState<FilterQuery>(() => initialRequestQuery(staffOnly));
  const list = usePagedList<RequestRecord>({ queryKey: requestKeys.list, path: REQUEST_PATHS.list, filters });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [detail, setDetail] = useState<RequestRecord | null>(null);
  const [exporting, setExporting] = useState(false);
  const updateStatus = useUpdateStatus();
  const updateAssignee = useUpdateAssignee();
  const close = () => setDialog(null);

  // ?id= (the link of a notification) opens that request's detail: from the page shown, else looked up.
  const [params, setParams] = useSearchParams();
  const linkedId = Number(params.get('id')) || null;
  // ?create=YYYY-MM-DD (My Timesheet's Create request button) opens Create Request on that date.
  const createDate = params.get('create');
  useEffect(() => {
    if (!createDate || !/^\d{4}-\d{2}-\d{2}$/.test(createDate)) return;
    setDialog({ kind: 'create', mode: 'single', date: createDate });
    setParams((p) => {
      p.delete('create');
      return p;
    }, { replace: true });
  }, [createDate, setParams]);
  useEffect(() => {
    if (!linkedId) return;
    const shown = list.rows.find((r) => r.id === linkedId);
    const done = (row: RequestRecord | null) => {
      if (row) setDetail(row);
      setParams((p) => {
        p.delete('id');
        return p;
      }, { replace: true });
    };
    if (shown) done(shown);
    else if (!list.loading) void findRequest(linkedId).then(done, () => done(null));
  }, [linkedId, list.rows, list.loading, setParams]);

  const mayAdd = !!user && !hasRole(user, 'GUEST');
  const mayAddMultiple = hasRole(user, ...REQUEST_MULTIPLE_CREATORS);
  const mayImport = hasRole(user, ...REQUEST_IMPORTERS);

  const afterChange = (message?: string) => {
    notifySuccess(message || M.updateStatusSuccess);
    setDetail(null);
    close();
  };

  const onAction = (action: RequestAction, row: RequestRecord) => {
    switch (action) {
      case 'detail':
        setDetail(row);
        return;
      case 'approve':
        confirmDialog({
          title: 'Approve request',
          content: 'Do you want to approve this request?',
          okText: 'Yes',
          cancelText: 'No',
          onOk: () =>
            updateStatus.mutateAsync({ id: row.id, status_type: REQUEST_STATUS.approved, version: row.version }).then(
              (answer) => afterChange((answer as { message?: string }).message),
              () => undefined,
            ),
        });
        return;
      case 'reject':
      case 'withdraw':
        setDialog({ kind: action, row });
        return;
      case 'edit':
        setDialog({ kind: 'edit', row });
        return;
      case 'delegate':
        setDialog({ kind: 'delegate', row });
        return;
    }
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await exportRequests(filters);
      notifySuccess(M.exported);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setExporting(false);
    }
  };

  const extra = (
    <>
      {mayAdd ? (
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'create', mode: 'single' })} data-testid="request-add">
          Add New
        </Button>
      ) : null}
      {mayAddMultiple ? (
        <Button icon={<UsergroupAddOutlined aria-hidden />} onClick={() => setDialog({ kind: 'create', mode: 'batch' })} data-testid="request-add-multiple">
          Add Multiple Staffs
        </Button>
      ) : null}
      <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void doExport()} data-testid="request-export">
        Export
      </Button>
      {mayImport ? (
        <>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => setDialog({ kind: 'import', which: 'timeoff' })} data-testid="request-import">
            Import Request TimeOff
          </Button>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => setDialog({ kind: 'import', which: 'revoke' })} data-testid="request-import-revoke">
            Import Request TimeOff Revoke
          </Button>
        </>
      ) : null}
    </>
  );

  const reasonRow = dialog?.kind === 'reject' || dialog?.kind === 'withdraw' ? dialog.row : null;

  return (
    <>
      <Typography.Title level={4}>Request Management</Typography.Title>
      <FilterBar
        key={staffOnly ? 'staff' : 'all'}
        fields={fields}
        initialValues={INITIAL_REQUEST_VALUES}
        formName="request-filter"
        onSearch={(query) => (sameQuery(query, filters) ? void list.refetch() : setFilters(query))}
        extra={extra}
        loading={list.loading}
      />
      <PagedTable<RequestRecord>
        {...list.tableProps}
        columns={requestColumns({ page: list.page, size: list.size, onAction })}
        rowKey="id"
        scrollX={1400}
        onRowClick={(row) => setDetail(row)}
        data-testid="request-table"
      />
      <RequestDetailDrawer row={detail && !detail.is_explanation ? detail : null} onClose={() => setDetail(null)} onAction={onAction} />
      <ExplanationDetailDrawer row={detail && detail.is_explanation ? detail : null} onClose={() => setDetail(null)} />
      {dialog?.kind === 'create' ? <CreateRequestModal open mode={dialog.mode} initialDate={dialog.date} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? (
        <CreateRequestModal open mode={dialog.row.request_type === 'ONSITE' ? 'onsite' : 'single'} editing={dialog.row} onClose={close} onSaved={() => setDetail(null)} />
      ) : null}
      <ReasonModal
        open={reasonRow !== null}
        title={dialog?.kind === 'withdraw' ? 'Withdraw request' : 'Reject request'}
        requiredMessage={M.reasonIsRequired}
        showCount
        okText="Submit"
        name="request-reason"
        saveTestId="reason-submit"
        cancelTestId="reason-cancel"
        inputTestId="reason-input"
        pending={updateStatus.isPending}
        onCancel={close}
        onSubmit={(reason) =>
          updateStatus
            .mutateAsync({ id: reasonRow!.id, status_type: dialog?.kind === 'withdraw' ? REQUEST_STATUS.withdrawn : REQUEST_STATUS.rejected, reason, version: reasonRow!.version })
            .then((answer) => afterChange((answer as { message?: string }).message))
        }
      />
      <DelegateModal
        requestId={dialog?.kind === 'delegate' ? dialog.row.id : null}
        loading={updateAssignee.isPending}
        onCancel={close}
        onSubmit={(approver) => updateAssignee.mutateAsync({ id: (dialog as { row: RequestRecord }).row.id, approver }).then(() => afterChange(M.updateStatusSuccess))}
      />
      {dialog?.kind === 'import' ? <RequestImportDialog kind={dialog.which} onClose={close} onImported={() => void list.refetch()} /> : null}
    </>
  );
}
