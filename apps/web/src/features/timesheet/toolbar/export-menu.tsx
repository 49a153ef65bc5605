import { useState } from 'react';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { GridFilter } from '@tms/contracts/timesheet-grid';
import type { TimesheetInfo } from '@tms/contracts/timesheet-review';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { timesheetTexts } from '../i18n/index.ts';
import { exportDetailZip, exportTimesheet, type ExportKind, type ExportResult } from './api/export-timesheet.ts';
import { noAnswer } from './export-outcome.ts';
import { exportBody, zipBody } from './request-bodies.ts';
import { exportFallbackName, exportSuccessText, zipDisabledReason } from './toolbar-rules.ts';

type ExportMenuProps = {
  timesheet: Pick<TimesheetInfo, 'timesheet_id' | 'to_date'>;
  filter: GridFilter;
  selectedEmployeeIds: number[];
};

/**
 * Export dropdown (spec 001 §2.1, §7.1, §8): the timesheet (rule) and its detail (rule2) for the grid's filter, narrowed
 * to the ticked rows when there are any, and the zip of detail files of the ticked rows. The button spins while a
 * file is being made; one export at a time.
 */
export function ExportMenu({ timesheet, filter, selectedEmployeeIds }: ExportMenuProps) {
  const [running, setRunning] = useState<ExportKind | null>(null);
  const { t } = timesheetTexts.useT();
  const zipReason = zipDisabledReason(selectedEmployeeIds, t);

  const run = async (kind: ExportKind) => {
    if (running) return;
    if (kind === 'zip' && zipReason) {
      notifyWarning(zipReason);
      return;
    }
    setRunning(kind);
    let result: ExportResult;
    try {
      result =
        kind === 'zip'
          ? await exportDetailZip(zipBody(timesheet.timesheet_id, selectedEmployeeIds), exportFallbackName(kind, timesheet.to_date))
          : await exportTimesheet(kind, timesheet.timesheet_id, exportBody(filter, selectedEmployeeIds), exportFallbackName(kind, timesheet.to_date));
    } catch {
      result = noAnswer(timesheetTexts.t);
    } finally {
      setRunning(null);
    }
    if (result.kind === 'file') notifySuccess(exportSuccessText(kind, timesheetTexts.t));
    else if (result.kind === 'error') notifyError(result.messages);
  };

  const zipLabel = <span data-testid="ts-export-zip">{t('toolbar.export.zip')}</span>;
  const items: MenuProps['items'] = [
    { key: 'rule', label: <span data-testid="ts-export-rule">{t('toolbar.export.rule')}</span> },
    { key: 'rule2', label: <span data-testid="ts-export-rule2">{t('toolbar.export.rule2')}</span> },
    // Enabled without ticked rows too: a click then says why nothing is exported (a disabled item said nothing).
    {
      key: 'zip',
      label: zipReason ? (
        <Tooltip title={zipReason} placement="left">
          {zipLabel}
        </Tooltip>
      ) : (
        zipLabel
      ),
    },
  ];

  return (
    <Dropdown trigger={['click']} disabled={running !== null} menu={{ items, onClick: ({ key }) => void run(key as ExportKind) }}>
      <Button icon={<DownloadOutlined aria-hidden />} loading={running !== null} data-testid="ts-export">
        {t('toolbar.export.button')} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
