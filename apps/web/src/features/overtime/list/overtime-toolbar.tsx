import { useState } from 'react';
import { Button, Segmented, Tooltip } from 'antd';
import { FileExcelOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  OVERTIME_IMPORT_PATH,
  OVERTIME_IMPORT_RESULT_FILE,
  OVERTIME_IMPORT_TEMPLATE_FILE,
  OVERTIME_IMPORT_TEMPLATE_PATH,
} from '@tms/contracts/overtime-list';
import { ImportDialog } from '../../../components/import-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { notifyApiError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { exportOvertimeList, exportOvertimeReport, overtimeListKeys, type OvertimeFilters, type OvertimeKindView } from './overtime-list-api.ts';
import { overtimeTexts } from '../i18n/index.ts';
import { hasBothDates } from './overtime-filters.ts';

export type ToolbarProps = {
  kind: OvertimeKindView;
  onKind: (kind: OvertimeKindView) => void;
  filters: OvertimeFilters;
  canAddNew: boolean;
  onAddNew: () => void;
  canReport: boolean;
  canImport: boolean;
};

/** Add New, Export to Excel, Export Overtime Report (HR, ADMIN), Import Overtime (ADMIN, HRM, HR) and the Fixed / Flexible switch (everyone). */
export function OvertimeToolbar({ kind, onKind, filters, canAddNew, onAddNew, canReport, canImport }: ToolbarProps) {
  const [importing, setImporting] = useState(false);
  const queryClient = useQueryClient();
  const dates = hasBothDates(filters);
  const { t } = overtimeTexts.useT();
  const datesHint = dates ? undefined : t('toolbar.datesHint');

  const exportList = () => void exportOvertimeList(kind, filters).catch(notifyApiError);
  const exportReport = () =>
    void exportOvertimeReport(filters)
      .then(() => notifySuccess(overtimeTexts.t('toolbar.reportExported')))
      .catch((error: unknown) => (error instanceof ApiError && error.status === 404 ? notifyWarning(overtimeTexts.t('toolbar.noDataExported')) : notifyApiError(error)));

  return (
    <>
      <Segmented<OvertimeKindView>
        value={kind}
        onChange={onKind}
        options={[
          { value: 'FIXED', label: t('toolbar.fixed') },
          { value: 'FLEXIBLE', label: t('toolbar.flexible') },
        ]}
        data-testid="ot-kind"
      />
      {canAddNew ? (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAddNew} data-testid="ot-add">
          {t('toolbar.addNew')}
        </Button>
      ) : null}
      <Tooltip title={datesHint}>
        <Button icon={<FileExcelOutlined aria-hidden />} disabled={!dates} onClick={exportList} data-testid="ot-export">
          {t('toolbar.export')}
        </Button>
      </Tooltip>
      {canReport ? (
        <Tooltip title={datesHint}>
          <Button icon={<FileExcelOutlined aria-hidden />} disabled={!dates} onClick={exportReport} data-testid="ot-report">
            {t('toolbar.report')}
          </Button>
        </Tooltip>
      ) : null}
      {canImport ? (
        <Button icon={<ImportOutlined aria-hidden />} onClick={() => setImporting(true)} data-testid="ot-import">
          {t('toolbar.import')}
        </Button>
      ) : null}
      {importing ? (
        <ImportDialog
          open
          title={t('toolbar.import')}
          accept={['.xls', '.xlsx']}
          uploadUrl={OVERTIME_IMPORT_PATH}
          uploadQuery={{ type: 'overwrite' }}
          templateUrl={OVERTIME_IMPORT_TEMPLATE_PATH}
          templateFileName={OVERTIME_IMPORT_TEMPLATE_FILE}
          resultFileName={OVERTIME_IMPORT_RESULT_FILE}
          onClose={() => setImporting(false)}
          onImported={() => void queryClient.invalidateQueries({ queryKey: overtimeListKeys.all })}
        />
      ) : null}
    </>
  );
}
