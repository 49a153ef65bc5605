import { useState } from 'react';
import { Button, Empty, Typography } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  SPECIAL_EXPLANATION_IMPORT_EXTENSIONS,
  SPECIAL_EXPLANATION_IMPORT_PATH,
  SPECIAL_EXPLANATION_MESSAGES,
  SPECIAL_EXPLANATION_RESULT_FILE,
  SPECIAL_EXPLANATION_TEMPLATE_FILE,
  SPECIAL_EXPLANATION_TEMPLATE_PATH,
  SPECIAL_EXPLANATION_WRITERS,
  type SpecialExplanationRow,
} from '@tms/contracts/special-explanation';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import { ImportDialog } from '../../components/import-dialog.tsx';
import { toFilterQuery, type FilterField } from '../../components/filter-query.ts';
import { PagedTable } from '../../components/paged-table.tsx';
import { sameQuery } from '../../components/record-tab.tsx';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { specialExplanationKeys, useSpecialExplanations, type SpecialExplanationFilters } from './api/special-explanation-api.ts';
import { specialExplanationColumns } from './components/special-explanation-columns.tsx';
import { SpecialExplanationFormModal } from './components/special-explanation-form-modal.tsx';

/** Filters (spec 001 §2.7): staff (remote search, ids → `employee`) and a date range (→ fromDate / toDate, DD/MM/YYYY). */
const FILTERS: readonly FilterField[] = [
  { kind: 'employee', name: 'employee', label: 'Staff', multiple: true, valueField: 'id' },
  { kind: 'dateRange', name: 'date', label: 'Date', fromParam: 'fromDate', toParam: 'toDate' },
];
const INITIAL_QUERY = toFilterQuery(FILTERS, undefined) as SpecialExplanationFilters;

type Dialog = { kind: 'create' } | { kind: 'import' } | { kind: 'edit'; row: SpecialExplanationRow } | null;

/**
 * /timesheet/special-explanation (spec 001 §2.7): the rows HR and HRM recorded, newest date first; Create and Import
 * to Excel for HR and HRM (ADMIN reads only, spec 001 §6).
 */
export function SpecialExplanationPage() {
  const { data: user } = useCurrentUser();
  const mayWrite = hasRole(user, ...SPECIAL_EXPLANATION_WRITERS);
  const [filters, setFilters] = useState<SpecialExplanationFilters>(INITIAL_QUERY);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useSpecialExplanations(filters);
  const queryClient = useQueryClient();
  const close = () => setDialog(null);
  const search = (query: FilterQuery) => (sameQuery(query, filters) ? void list.refetch() : setFilters(query as SpecialExplanationFilters));

  const buttons = mayWrite ? (
    <>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'create' })} data-testid="special-explanation-create">
        Create
      </Button>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setDialog({ kind: 'import' })} data-testid="special-explanation-import">
        Import to Excel
      </Button>
    </>
  ) : null;

  return (
    <>
      <Typography.Title level={4}>Special Explanation</Typography.Title>
      <FilterBar fields={FILTERS} formName="special-explanation-filter" onSearch={search} extra={buttons} loading={list.loading} />
      <PagedTable<SpecialExplanationRow>
        {...list.tableProps}
        columns={specialExplanationColumns({ mayWrite, onEdit: (row) => setDialog({ kind: 'edit', row }) })}
        rowKey="id"
        data-testid="special-explanation-table"
        tableProps={{ locale: { emptyText: <Empty description="No special explanation" /> } }}
      />
      {dialog?.kind === 'create' ? <SpecialExplanationFormModal onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <SpecialExplanationFormModal row={dialog.row} onClose={close} /> : null}
      {dialog?.kind === 'import' ? (
        // Spec 001 §2.7, §5.3: Attach File (.csv, .xls, .xlsx), Download template, Cancel, Import; all or nothing.
        <ImportDialog
          open
          title={SPECIAL_EXPLANATION_MESSAGES.importTitle}
          attachLabel="Attach File"
          templateLabel="Download template"
          accept={SPECIAL_EXPLANATION_IMPORT_EXTENSIONS}
          uploadUrl={SPECIAL_EXPLANATION_IMPORT_PATH}
          templateUrl={SPECIAL_EXPLANATION_TEMPLATE_PATH}
          templateFileName={SPECIAL_EXPLANATION_TEMPLATE_FILE}
          resultFileName={SPECIAL_EXPLANATION_RESULT_FILE}
          onClose={close}
          onImported={() => void queryClient.invalidateQueries({ queryKey: specialExplanationKeys.all })}
        />
      ) : null}
    </>
  );
}
