import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Typography } from 'antd';
import type { RequestRecord } from '@tms/contracts/requests';
import { FilterBar } from '../../components/filter-bar.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { sameQuery } from '../../components/record-tab.tsx';
import type { FilterQuery } from '../../components/filter-query.ts';
import { seesOnlyOwnRequests } from '../../components/requests/request-links.ts';
import { useCurrentUser } from '../../lib/auth.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { REQUEST_PATHS, requestKeys } from './api/request-api.ts';
import { requestColumns } from './components/request-columns.tsx';
import { ExplanationDetailDrawer, RequestDetailDrawer } from './components/request-detail-drawer.tsx';
import { initialRequestQuery, initialRequestValues, linkedEmployeeOf, requestFilters, requestListQuery } from './components/request-filters.ts';
import { requestsTexts } from './i18n/index.ts';
import { RequestDialogs } from './request-dialogs.tsx';
import { requestToolbarButtons, useRequestExport } from './request-toolbar.tsx';
import { useRequestLinks } from './use-request-links.ts';
import { useRequestPageState } from './use-request-page-state.ts';

/** A request on a phone: its dates, status, type and quantity, reason, staff, approver and the action menu. */
const REQUEST_CARD = { title: ['date'], status: 'status', fields: ['request_type_name', 'quantity', 'reason_type_name', 'employee', 'approver'], actions: 'action' };

/**
 * /timesheet/request-management (spec 001 §2.3, §4.2, §7.2): filters (the staff set for STAFF; status default Pending),
 * the table with its action menu, the detail drawers, the reason modal and the Yes/No confirm, Create/Update Request,
 * Add Multiple Staffs (HR, Admin), Export, and the two imports (Admin, HRM, HR).
 */
export function RequestManagementPage() {
  const { t } = requestsTexts.useT();
  const { data: user } = useCurrentUser();
  const staffOnly = seesOnlyOwnRequests(user);
  // A link to one person's requests (the Team Calendar's names) sets the Staff filter once, when the page opens.
  const [params] = useSearchParams();
  const [openedWith] = useState(() => new URLSearchParams(params));
  const linked = useMemo(() => linkedEmployeeOf(openedWith, staffOnly), [openedWith, staffOnly]);
  const fields = useMemo(() => requestFilters(t, staffOnly, linked), [t, staffOnly, linked]);
  const [filters, setFilters] = useState<FilterQuery>(() => initialRequestQuery(staffOnly, linked));
  const list = usePagedList<RequestRecord>({ queryKey: requestKeys.list, path: REQUEST_PATHS.list, filters });
  const state = useRequestPageState();
  const { detail, setDetail, onAction } = state;
  useRequestLinks(list, state);
  const { exporting, doExport } = useRequestExport(filters);

  return (
    <>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <FilterBar
        key={staffOnly ? 'staff' : 'all'}
        fields={fields}
        initialValues={initialRequestValues(linked)}
        formName="request-filter"
        onSearch={(search) => {
          const query = requestListQuery(search);
          return sameQuery(query, filters) ? void list.refetch() : setFilters(query);
        }}
        extra={requestToolbarButtons({ user, exporting, onExport: () => void doExport(), onOpen: state.setDialog, t })}
        loading={list.loading}
      />
      <PagedTable<RequestRecord>
        {...list.tableProps}
        columns={requestColumns({ page: list.page, size: list.size, onAction, t })}
        rowKey="id"
        scrollX={1400}
        card={REQUEST_CARD}
        onRowClick={(row) => setDetail(row)}
        data-testid="request-table"
      />
      <RequestDetailDrawer row={detail && !detail.is_explanation ? detail : null} onClose={() => setDetail(null)} onAction={onAction} />
      <ExplanationDetailDrawer row={detail && detail.is_explanation ? detail : null} onClose={() => setDetail(null)} />
      <RequestDialogs state={state} onImported={() => void list.refetch()} />
    </>
  );
}
