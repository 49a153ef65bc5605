import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { BONUS_LEAVE_WRITERS, type BonusLeaveRow } from '@tms/contracts/bonus-leave';
import { confirmDialog } from '../../../../components/confirm-dialog.tsx';
import { FilterBar, type FilterQuery } from '../../../../components/filter-bar.tsx';
import { PagedTable } from '../../../../components/paged-table.tsx';
import { hasRole, useCurrentUser } from '../../../../lib/auth.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useDeleteBonusLeave } from '../../api/delete-bonus-leave.ts';
import { useBonusLeaves, type BonusLeaveFilters } from '../../api/get-bonus-leaves.ts';
import { AddBonusLeaveModal } from './add-bonus-leave-modal.tsx';
import { bonusLeaveColumns } from './bonus-leave-columns.tsx';
import { BONUS_LEAVE_FILTERS, INITIAL_BONUS_LEAVE_QUERY } from './bonus-leave-filters.ts';
import { BonusLeaveHistoryModal } from './bonus-leave-history-modal.tsx';
import { BonusLeaveImportDialog } from './bonus-leave-import-dialog.tsx';
import { EditBonusLeaveModal } from './edit-bonus-leave-modal.tsx';

type OpenDialog = { kind: 'add' } | { kind: 'import' } | { kind: 'edit'; row: BonusLeaveRow } | { kind: 'history'; row: BonusLeaveRow } | null;

/** Same parameters with the same values; an empty parameter equals an absent one. */
function sameQuery(a: FilterQuery, b: FilterQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

/**
 * The Bonus Leave tab (spec 000 §2): filter bar, paged list, row History / Edit / Remove, and Add New and Import for
 * HR, HRM and Admin (spec 000 §6). Dialogs mount only while open, so each opens with a fresh form.
 */
export function BonusLeaveTab() {
  const { data: user } = useCurrentUser();
  const mayWrite = hasRole(user, ...BONUS_LEAVE_WRITERS);
  const [filters, setFilters] = useState<BonusLeaveFilters>(INITIAL_BONUS_LEAVE_QUERY);
  const list = useBonusLeaves(filters);
  const remove = useDeleteBonusLeave();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const closeDialog = () => setDialog(null);

  // Search and Reload Search always re-read the list, also when the filters are the ones already shown.
  const search = (query: FilterQuery) => (sameQuery(query, filters) ? void list.refetch() : setFilters(query));

  const confirmRemove = (row: BonusLeaveRow) => {
    // Removing the last row of a page goes back one page (spec 000 §4 says so of general configuration; same here).
    const emptiesPage = list.rows.length === 1 && list.page > 1;
    confirmDialog({
      content: `Do you want to delete the bonus leave of ${row.employee.name}?`,
      danger: true,
      onOk: () =>
        remove.mutateAsync(row).then(
          ({ message }) => {
            notifySuccess(message);
            if (emptiesPage) list.setPage(list.page - 1, list.size);
          },
          // The mutation cache shows why; a refused removal will not pass on a retry, so the dialog closes.
          () => undefined,
        ),
    });
  };

  const columns = bonusLeaveColumns({
    page: list.page,
    size: list.size,
    mayWrite,
    onHistory: (row) => setDialog({ kind: 'history', row }),
    onEdit: (row) => setDialog({ kind: 'edit', row }),
    onRemove: confirmRemove,
  });

  const writeButtons = mayWrite ? (
    <>
      <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'add' })} data-testid="bonus-leave-add">
        Add New
      </Button>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setDialog({ kind: 'import' })} data-testid="bonus-leave-import">
        Import
      </Button>
    </>
  ) : null;

  return (
    <>
      <FilterBar fields={BONUS_LEAVE_FILTERS} formName="bonus-leave-filter" onSearch={search} extra={writeButtons} loading={list.loading} />
      <PagedTable<BonusLeaveRow> {...list.tableProps} columns={columns} rowKey="id" data-testid="bonus-leave-table" />
      {dialog?.kind === 'add' ? <AddBonusLeaveModal onClose={closeDialog} /> : null}
      {dialog?.kind === 'edit' ? <EditBonusLeaveModal row={dialog.row} onClose={closeDialog} /> : null}
      {dialog?.kind === 'history' ? <BonusLeaveHistoryModal row={dialog.row} onClose={closeDialog} /> : null}
      {dialog?.kind === 'import' ? <BonusLeaveImportDialog onClose={closeDialog} /> : null}
    </>
  );
}
