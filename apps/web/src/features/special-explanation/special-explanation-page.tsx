import { useMemo, useState } from 'react';
import { Button, Empty, Typography } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  SPECIAL_EXPLANATION_IMPORT_EXTENSIONS,
  SPECIAL_EXPLANATION_IMPORT_PATH,
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
import { specialExplanationTexts } from './i18n/index.ts';

/** Filters (spec 001 §2.7): staff (remote search, ids → `employee`) and a date range (→ fromDate / toDate, DD/MM/YYYY). */
const filterFields = (t: typeof specialExplanationTexts.t): readonly FilterField[] => [
  { kind: 'employee', name: 'employee', label: t('columns.staff'), multiple: true, valueField: 'id' },
  { kind: 'dateRange', name: 'date', label: t('columns.date'), fromParam: 'fromDate', toParam: 'toDate' },
];
const INITIAL_QUERY = toFilterQuery(filterFields(specialExplanationTexts.t), undefined) as SpecialExplanationFilters;

type Dialog = { kind: 'create' } | { kind: 'import' } | { kind: 'edit'; row: SpecialExplanationRow } | null;

/**
 * /timesheet/special-explanation (spec 001 §2.7): the rows HR and HRM recorded, newest date first; Create and Import
 * to Excel for HR and HRM (ADMIN reads only, spec 001 §6).
 */
export function SpecialExplanationPage() {
  const { data: user } = useCurrentUser();
  const mayWrite = hasRole(user, ...SPECIAL_EXPLANATION_WRITERS);
  const { t } = specialExplanationTexts.useT();
  const filterFieldsShown = useMemo(() => filterFields(t), [t]);
  const [filters, setFilters] = useState<SpecialExplanationFilters>(INITIAL_QUERY);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useSpecialExplanations(filters);
  const queryClient = useQueryClient();
  const close = () => setDialog(null);
  const search = (query: FilterQuery) => (sameQuery(query, filters) ? void list.refetch() : setFilters(query as SpecialExplanationFilters));

  const buttons = mayWrite ? (
    <>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'create' })} data-testid="special-explanation-create">
        {t('create')}
      </Button>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setDialog({ kind: 'import' })} data-testid="special-explanation-import">
        {t('import')}
      </Button>
    </>
  ) : null;

  return (
    <>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <FilterBar fields={filterFieldsShown} formName="special-explanation-filter" onSearch={search} extra={buttons} loading={list.loading} />
      <PagedTable<SpecialExplanationRow>
        {...list.tableProps}
        columns={specialExplanationColumns({ mayWrite, onEdit: (row) => setDialog({ kind: 'edit', row }), t })}
        rowKey="id"
        data-testid="special-explanation-table"
        tableProps={{ locale: { emptyText: <Empty description={t('empty')} /> } }}
      />
      {dialog?.kind === 'create' ? <SpecialExplanationFormModal onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <SpecialExplanationFormModal row={dialog.row} onClose={close} /> : null}
      {dialog?.kind === 'import' ? (
        // Spec 001 §2.7, §5.3: Attach File (.csv, .xls, .xlsx), Download template, Cancel, Import; all or nothing.
        <ImportDialog
          open
          title={t('importDialog.title')}
          attachLabel={t('importDialog.attach')}
          templateLabel={t('importDialog.template')}
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
