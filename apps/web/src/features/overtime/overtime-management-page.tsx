import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Empty, Result, Spin, Typography } from 'antd';
import { OVERTIME_IMPORT_USERS, OVERTIME_MANAGEMENT_VIEW, OVERTIME_REPORT_USERS, overtimeDetailPath } from '@tms/contracts/overtime';
import type { FixedListRow, FlexibleListRow } from '@tms/contracts/overtime-list';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { sessionKey, useSessionState } from '../../lib/use-session-state.ts';
import { FixedOvertimeDrawer } from './fixed/fixed-overtime-drawer.tsx';
import { FixedOvertimeModal } from './fixed/fixed-overtime-modal.tsx';
import { FlexibleOvertimeModal } from './flexible/flexible-overtime-modal.tsx';
import { overtimeTexts } from './i18n/index.ts';
import { fixedColumns, flexibleColumns } from './list/overtime-columns.tsx';
import { filterValuesOf, overtimeFilterFields, readStoredOvertime, type StoredOvertimeState } from './list/overtime-filters.ts';
import { useEmployeeOt, useFixedOvertimeList, useFlexibleOvertimeList, type OvertimeKindView } from './list/overtime-list-api.ts';
import { OvertimeToolbar } from './list/overtime-toolbar.tsx';

type Dialog = { kind: 'fixed-form'; editId: number | null } | { kind: 'flexible-form' } | { kind: 'fixed-detail'; id: number } | null;

/** The two lists on a phone: date, title, status, then time, type or hours, and the View button. */
const FIXED_CARD = { title: ['ot_date', 'title'], status: 'status', fields: ['ot_time', 'ot_type', 'project', 'approver'], actions: 'actions' };
const FLEXIBLE_CARD = { title: ['title'], status: 'status', fields: ['plan', 'actual', 'confirm', 'staff', 'project'], actions: 'actions' };

/**
 * /timesheet/overtime-management (spec 001 §2.4, §6): the fixed and the flexible list (the user's own type by default;
 * everyone switches between both; the staff view lists what they filed or are on, with their own row's status),
 * filters kept for the session, Add New by the user's overtime type, Export to Excel and Export Overtime Report (both
 * dates), Import Overtime, the status tag with its staff table. A fixed row opens the
 * detail drawer, a flexible row its detail page. A flexible user without a work schedule gets the 404-style page.
 */
export function OvertimeManagementPage() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const employeeOt = useEmployeeOt(user?.userName);
  const [stored, setStored] = useSessionState<StoredOvertimeState>(sessionKey('overtime-management', user?.userName), readStoredOvertime);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { t } = overtimeTexts.useT();
  const ot = employeeOt.data;
  const ownKind: OvertimeKindView = ot?.isFlexible ? 'FLEXIBLE' : 'FIXED';
  const managementView = hasRole(user, ...OVERTIME_MANAGEMENT_VIEW);
  // Everyone switches between the two lists (issue 26: staff on a fixed request a PM filed for them never saw it); the
  // server narrows the staff view to what they filed or are on. The user's own type first.
  const kind: OvertimeKindView = stored.kind ?? ownKind;
  const filters = stored.filters;
  const ready = Boolean(ot) || employeeOt.isError;
  const fixed = useFixedOvertimeList(filters, ready && kind === 'FIXED');
  const flexible = useFlexibleOvertimeList(filters, ready && kind === 'FLEXIBLE');
  const list = kind === 'FIXED' ? fixed : flexible;
  const close = () => setDialog(null);
  const reload = () => void list.refetch();
  const filterFields = useMemo(() => overtimeFilterFields(kind, t), [kind, t]);

  if (employeeOt.isLoading || !user) return <Spin />;
  // spec 001 §2.4, §6: a flexible user needs a work schedule (the staff view has nothing else to show them).
  if (ot?.isFlexible && !ot.hasWorkSchedule && !managementView) {
    return <Result status="404" title={t('page.noWorkSchedule')} subTitle={t('page.noWorkScheduleHint')} data-testid="ot-no-schedule" />;
  }

  const search = (query: FilterQuery) =>
    JSON.stringify(query) === JSON.stringify(filters) ? reload() : setStored({ kind: stored.kind, filters: query as StoredOvertimeState['filters'] });
  const addNew = () => setDialog(ownKind === 'FLEXIBLE' ? { kind: 'flexible-form' } : { kind: 'fixed-form', editId: null });

  const toolbar = (
    <OvertimeToolbar
      kind={kind}
      onKind={(k) => setStored({ kind: k, filters: {} })}
      filters={filters}
      canAddNew={Boolean(ot?.canAddNew)}
      onAddNew={addNew}
      canReport={hasRole(user, ...OVERTIME_REPORT_USERS)}
      canImport={hasRole(user, ...OVERTIME_IMPORT_USERS)}
    />
  );

  return (
    <>
      <Typography.Title level={4}>{t('page.title')}</Typography.Title>
      <FilterBar
        key={kind}
        fields={filterFields}
        formName={`overtime-filter-${kind.toLowerCase()}`}
        initialValues={filterValuesOf(filters)}
        onSearch={search}
        extra={toolbar}
        loading={list.loading}
        reloadTo="empty"
      />
      {kind === 'FIXED' ? (
        <PagedTable<FixedListRow>
          {...fixed.tableProps}
          columns={fixedColumns({ onOpen: (row) => setDialog({ kind: 'fixed-detail', id: row.id }), t, ownEmployeeId: managementView ? null : user.employeeId })}
          rowKey="id"
          scrollX={1400}
          card={FIXED_CARD}
          onRowClick={(row) => setDialog({ kind: 'fixed-detail', id: row.id })}
          data-testid="ot-fixed-table"
          tableProps={{ locale: { emptyText: <Empty description={t('page.empty')} /> } }}
        />
      ) : (
        <PagedTable<FlexibleListRow>
          {...flexible.tableProps}
          columns={flexibleColumns({ onOpen: (row) => void navigate(overtimeDetailPath(row.id)), t })}
          rowKey="id"
          scrollX={1400}
          card={FLEXIBLE_CARD}
          onRowClick={(row) => void navigate(overtimeDetailPath(row.id))}
          data-testid="ot-flexible-table"
          tableProps={{ locale: { emptyText: <Empty description={t('page.empty')} /> } }}
        />
      )}
      <FixedOvertimeModal open={dialog?.kind === 'fixed-form'} editId={dialog?.kind === 'fixed-form' ? dialog.editId : null} onClose={close} onSaved={reload} />
      <FlexibleOvertimeModal open={dialog?.kind === 'flexible-form'} onClose={close} onSaved={reload} />
      <FixedOvertimeDrawer
        id={dialog?.kind === 'fixed-detail' ? dialog.id : null}
        onClose={close}
        onChanged={reload}
        onEdit={(id) => setDialog({ kind: 'fixed-form', editId: id })}
      />
    </>
  );
}
