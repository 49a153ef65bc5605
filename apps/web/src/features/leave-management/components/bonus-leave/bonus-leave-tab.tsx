import { BONUS_LEAVE_WRITERS, type BonusLeaveRow } from '@tms/contracts/bonus-leave';
import { FilterBar } from '../../../../components/filter-bar.tsx';
import { PagedTable } from '../../../../components/paged-table.tsx';
import { AddImportButtons, confirmRemoval, useRecordTab } from '../../../../components/record-tab.tsx';
import { hasRole, useCurrentUser } from '../../../../lib/auth.ts';
import { useDeleteBonusLeave } from '../../api/delete-bonus-leave.ts';
import { useBonusLeaves, type BonusLeaveFilters } from '../../api/get-bonus-leaves.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';
import { AddBonusLeaveModal } from './add-bonus-leave-modal.tsx';
import { bonusLeaveColumns } from './bonus-leave-columns.tsx';
import { BONUS_LEAVE_FILTERS, INITIAL_BONUS_LEAVE_QUERY } from './bonus-leave-filters.ts';
import { BonusLeaveHistoryModal } from './bonus-leave-history-modal.tsx';
import { BonusLeaveImportDialog } from './bonus-leave-import-dialog.tsx';
import { EditBonusLeaveModal } from './edit-bonus-leave-modal.tsx';

/**
 * The Bonus Leave tab (spec 000 §2): filter bar, paged list, row History / Edit / Remove, and Add New and Import for
 * HR, HRM and Admin (spec 000 §6). Dialogs mount only while open, so each opens with a fresh form.
 */
export function BonusLeaveTab() {
  const { data: user } = useCurrentUser();
  const mayWrite = hasRole(user, ...BONUS_LEAVE_WRITERS);
  const { t } = leaveManagementTexts.useT();
  const tab = useRecordTab<BonusLeaveRow, BonusLeaveFilters>(INITIAL_BONUS_LEAVE_QUERY);
  const { dialog, setDialog, closeDialog } = tab;
  const list = useBonusLeaves(tab.filters);
  const remove = useDeleteBonusLeave();

  const columns = bonusLeaveColumns({
    page: list.page,
    size: list.size,
    mayWrite,
    t,
    ...tab.handlers,
    onRemove: (row) =>
      confirmRemoval({ content: t('bonus.confirmDelete', { name: row.employee.name }), list, remove: () => remove.mutateAsync(row) }),
  });

  const writeButtons = mayWrite ? (
    <AddImportButtons testIdPrefix="bonus-leave" onAdd={() => setDialog({ kind: 'add' })} onImport={() => setDialog({ kind: 'import' })} />
  ) : null;

  return (
    <>
      <FilterBar fields={BONUS_LEAVE_FILTERS} formName="bonus-leave-filter" onSearch={tab.searchWith(list)} extra={writeButtons} loading={list.loading} />
      <PagedTable<BonusLeaveRow> {...list.tableProps} columns={columns} rowKey="id" data-testid="bonus-leave-table" />
      {dialog?.kind === 'add' ? <AddBonusLeaveModal onClose={closeDialog} /> : null}
      {dialog?.kind === 'edit' ? <EditBonusLeaveModal row={dialog.row} onClose={closeDialog} /> : null}
      {dialog?.kind === 'history' ? <BonusLeaveHistoryModal row={dialog.row} onClose={closeDialog} /> : null}
      {dialog?.kind === 'import' ? <BonusLeaveImportDialog onClose={closeDialog} /> : null}
    </>
  );
}
