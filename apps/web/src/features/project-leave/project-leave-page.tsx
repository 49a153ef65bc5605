import { Typography } from 'antd';
import { PROJECT_LEAVE_WRITERS, type ProjectLeaveSummary } from '@tms/contracts/project-leave';
import { FilterBar } from '../../components/filter-bar.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { AddImportButtons, useRecordTab } from '../../components/record-tab.tsx';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { useProjectLeaves, type ProjectLeaveFilters } from './api/get-project-leaves.ts';
import { projectLeaveListColumns } from './components/project-leave-columns.tsx';
import { INITIAL_PROJECT_LEAVE_QUERY, PROJECT_LEAVE_FILTERS } from './components/project-leave-filters.ts';
import { ProjectLeaveFormModal } from './components/project-leave-form-modal.tsx';
import { ProjectLeaveImportDialog } from './components/project-leave-import-dialog.tsx';
import { projectLeaveTexts } from './i18n/index.ts';

/**
 * /leave-management/project-leave (spec 000 §2 Project Leave list): filter bar, employees with their totals in days,
 * the name opening the detail; Add New and Import for HR, HRM and Admin (spec 000 §6).
 */
export function ProjectLeavePage() {
  const { data: user } = useCurrentUser();
  const mayWrite = hasRole(user, ...PROJECT_LEAVE_WRITERS);
  const { t } = projectLeaveTexts.useT();
  const tab = useRecordTab<ProjectLeaveSummary, ProjectLeaveFilters>(INITIAL_PROJECT_LEAVE_QUERY);
  const { dialog, setDialog, closeDialog } = tab;
  const list = useProjectLeaves(tab.filters);

  const writeButtons = mayWrite ? (
    <AddImportButtons testIdPrefix="project-leave" onAdd={() => setDialog({ kind: 'add' })} onImport={() => setDialog({ kind: 'import' })} />
  ) : null;

  return (
    <>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <FilterBar fields={PROJECT_LEAVE_FILTERS} formName="project-leave-filter" onSearch={tab.searchWith(list)} extra={writeButtons} loading={list.loading} />
      <PagedTable<ProjectLeaveSummary> {...list.tableProps} columns={projectLeaveListColumns({ page: list.page, size: list.size, t })} rowKey="employeeId" data-testid="project-leave-table" />
      {dialog?.kind === 'add' ? <ProjectLeaveFormModal onClose={closeDialog} /> : null}
      {dialog?.kind === 'import' ? <ProjectLeaveImportDialog onClose={closeDialog} /> : null}
    </>
  );
}
