import { LEAVE_CARRYOVER_WRITERS, type LeaveCarryoverRow } from '@tms/contracts/leave-carryover';
import { FilterBar } from '../../../../components/filter-bar.tsx';
import { PagedTable } from '../../../../components/paged-table.tsx';
import { AddImportButtons, confirmRemoval, useRecordTab } from '../../../../components/record-tab.tsx';
import { hasRole, useCurrentUser } from '../../../../lib/auth.ts';
import { useDeleteCarryover } from '../../api/delete-carryover.ts';
import { useCarryovers, type CarryoverFilters } from '../../api/get-carryovers.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';
import { carryoverColumns } from './leave-carryover-columns.tsx';
import { CARRYOVER_FILTERS, INITIAL_CARRYOVER_QUERY } from './leave-carryover-filters.ts';
import { CarryoverFormModal } from './leave-carryover-form-modal.tsx';
import { CarryoverHistoryModal } from './leave-carryover-history-modal.tsx';
import { CarryoverImportDialog } from './leave-carryover-import-dialog.tsx';

/**
 * The Leave Carryover tab (spec 000 §2): filter bar, paged list, row History / Edit / Remove, and Add New and Import
 * for HR, HRM and Admin (spec 000 §6). Dialogs mount only while open, so each opens with a fresh form.
 */
export function LeaveCarryoverTab() {
  const { data: user } = useCurrentUser();
  const mayWrite = hasRole(user, ...LEAVE_CARRYOVER_WRITERS);
  const { t } = leaveManagementTexts.useT();
  const tab = useRecordTab<LeaveCarryoverRow, CarryoverFilters>(INITIAL_CARRYOVER_QUERY);
  const { dialog, setDialog, closeDialog } = tab;
  const list = useCarryovers(tab.filters);
  const remove = useDeleteCarryover();

  const columns = carryoverColumns({
    page: list.page,
    size: list.size,
    mayWrite,
    t,
    ...tab.handlers,
    onRemove: (row) =>
      confirmRemoval({ content: t('carryover.confirmDelete', { name: row.fullName }), list, remove: () => remove.mutateAsync(row) }),
  });

  const writeButtons = mayWrite ? (
    <AddImportButtons testIdPrefix="carryover" onAdd={() => setDialog({ kind: 'add' })} onImport={() => setDialog({ kind: 'import' })} />
  ) : null;

  return (
    <>
      <FilterBar fields={CARRYOVER_FILTERS} formName="leave-carryover-filter" onSearch={tab.searchWith(list)} extra={writeButtons} loading={list.loading} />
      <PagedTable<LeaveCarryoverRow> {...list.tableProps} columns={columns} rowKey="id" data-testid="carryover-table" />
      {dialog?.kind === 'add' ? <CarryoverFormModal onClose={closeDialog} /> : null}
      {dialog?.kind === 'edit' ? <CarryoverFormModal row={dialog.row} onClose={closeDialog} /> : null}
      {dialog?.kind === 'history' ? <CarryoverHistoryModal row={dialog.row} onClose={closeDialog} /> : null}
      {dialog?.kind === 'import' ? <CarryoverImportDialog onClose={closeDialog} /> : null}
    </>
  );
}
