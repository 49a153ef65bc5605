import { useState } from 'react';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { GridFilter } from '@tms/contracts/timesheet-grid';
import { TIMESHEET_EXPORT_MESSAGES as M, timesheetDetailZipName, timesheetListFileName } from '@tms/contracts/timesheet-export';
import type { TimesheetInfo } from '@tms/contracts/timesheet-review';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { exportDetailZip, exportTimesheet, type ExportKind, type ExportResult } from './api/export-timesheet.ts';
import { exportBody, zipBody } from './request-bodies.ts';
import { zipDisabledReason } from './toolbar-rules.ts';

type ExportMenuProps = {
  timesheet: Pick<TimesheetInfo, 'timesheet_id' | 'to_date'>;
  filter: GridFilter;
  selectedEmployeeIds: number[];
};

const SUCCESS: Record<ExportKind, string> = { rule: M.exported, rule2: M.exported, zip: M.detailExported };

/**
 * Export dropdown (spec 001 §2.1, §7.1, §8): the timesheet (rule) and its detail (rule2) for the grid's filter, narrowed
 * to the ticked rows when there are any, and the zip of detail files of the ticked rows. The button spins while a
 * file is being made; one export at a time.
 */
export function ExportMenu({ timesheet, filter, selectedEmployeeIds }: ExportMenuProps) {
  const [running, setRunning] = useState<ExportKind | null>(null);
  const zipReason = zipDisabledReason(selectedEmployeeIds);

  const run = async (kind: ExportKind) => {
    if (running) return;
    if (kind === 'zip' && zipReason) return;
    setRunning(kind);
    let result: ExportResult;
    try {
      result =
        kind === 'zip'
          ? await exportDetailZip(zipBody(timesheet.timesheet_id, selectedEmployeeIds), timesheetDetailZipName(timesheet.to_date))
          : await exportTimesheet(kind, timesheet.timesheet_id, exportBody(filter, selectedEmployeeIds), timesheetListFileName(timesheet.to_date));
    } catch {
      result = { kind: 'error', messages: [M.timeout] };
    } finally {
      setRunning(null);
    }
    if (result.kind === 'file') notifySuccess(SUCCESS[kind]);
    else if (result.kind === 'error') notifyError(result.messages);
  };

  const zipLabel = <span data-testid="ts-export-zip">Export detail files (zip)</span>;
  const items: MenuProps['items'] = [
    { key: 'rule', label: <span data-testid="ts-export-rule">Export timesheet</span> },
    { key: 'rule2', label: <span data-testid="ts-export-rule2">Export timesheet detail</span> },
    {
      key: 'zip',
      disabled: zipReason !== undefined,
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
      <Button icon={<DownloadOutlined />} loading={running !== null} data-testid="ts-export">
        Export <DownOutlined />
      </Button>
    </Dropdown>
  );
}
