import { GENERAL_CONFIG_ROLES, type GeneralConfigRow } from '@tms/contracts/general-config';
import { FilterBar } from '../../../../components/filter-bar.tsx';
import { PagedTable } from '../../../../components/paged-table.tsx';
import { AddImportButtons, confirmRemoval, useRecordTab } from '../../../../components/record-tab.tsx';
import { hasRole, useCurrentUser } from '../../../../lib/auth.ts';
import { useDeleteGeneralConfig } from '../../api/delete-general-config.ts';
import { useGeneralConfigs, type GeneralConfigFilters } from '../../api/get-general-configs.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';
import { generalConfigColumns } from './general-config-columns.tsx';
import { GENERAL_CONFIG_FILTERS, INITIAL_GENERAL_CONFIG_QUERY } from './general-config-filters.ts';
import { GeneralConfigFormModal } from './general-config-form-modal.tsx';
import { GeneralConfigHistoryModal } from './general-config-history-modal.tsx';

/**
 * The General Configuration tab (spec 000 §2; HR, HRM, Admin): filter bar, paged list, row History / Edit / Remove
 * by the server's flags, Add New. Dialogs mount only while open, so each opens with a fresh form.
 */
export function GeneralConfigTab() {
  const { data: user } = useCurrentUser();
  const mayWrite = hasRole(user, ...GENERAL_CONFIG_ROLES);
  const { t } = leaveManagementTexts.useT();
  const tab = useRecordTab<GeneralConfigRow, GeneralConfigFilters>(INITIAL_GENERAL_CONFIG_QUERY);
  const { dialog, setDialog, closeDialog } = tab;
  const list = useGeneralConfigs(tab.filters);
  const remove = useDeleteGeneralConfig();

  const columns = generalConfigColumns({
    page: list.page,
    size: list.size,
    t,
    ...tab.handlers,
    onRemove: (row) => confirmRemoval({ title: t('config.titles.confirm'), content: t('config.confirmDelete'), list, remove: () => remove.mutateAsync(row) }),
  });

  const addButton = mayWrite ? <AddImportButtons testIdPrefix="general-config" onAdd={() => setDialog({ kind: 'add' })} /> : null;

  return (
    <>
      <FilterBar fields={GENERAL_CONFIG_FILTERS} formName="general-config-filter" onSearch={tab.searchWith(list)} extra={addButton} loading={list.loading} />
      <PagedTable<GeneralConfigRow> {...list.tableProps} columns={columns} rowKey="id" data-testid="general-config-table" />
      {dialog?.kind === 'add' ? <GeneralConfigFormModal onClose={closeDialog} /> : null}
      {dialog?.kind === 'edit' ? <GeneralConfigFormModal row={dialog.row} onClose={closeDialog} /> : null}
      {dialog?.kind === 'history' ? <GeneralConfigHistoryModal row={dialog.row} onClose={closeDialog} /> : null}
    </>
  );
}
