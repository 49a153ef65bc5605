import { Button, Tooltip, type TableColumnsType } from 'antd';
import { CaseStatusTag } from './case-status-tag.tsx';
import { formatDmy } from '../../../lib/dates.ts';
import type { AbnormalCaseRow } from '../api/abnormal-case-api.ts';
import { absentTimeText, rowTypeText, displayStatus, reasonTooltip, staffText, workScheduleText } from '../abnormal-case-rules.ts';
import type { abnormalCaseTexts } from '../i18n/index.ts';

const TOOLTIP_WIDTH = 350;

/**
 * Columns of spec 001 §2.5, plus the status. The Staff cell carries the reason tooltip (row hover) and is a button, so
 * the detail opens from the keyboard as well. Texts by `t`, the page's.
 */
export function abnormalColumns(onOpen: (row: AbnormalCaseRow) => void, t: typeof abnormalCaseTexts.t): TableColumnsType<AbnormalCaseRow> {
  const columns: TableColumnsType<AbnormalCaseRow> = [
    {
      title: t('columns.staff'),
      key: 'staff',
      width: 260,
      render: (_, row) => (
        <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{reasonTooltip(row, t)}</span>} styles={{ root: { maxWidth: TOOLTIP_WIDTH } }}>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(row)} data-testid={`abnormal-staff-${row.id}`}>
            {staffText(row)}
          </Button>
        </Tooltip>
      ),
    },
    { title: t('columns.abnormalDate'), key: 'abnormal_date', width: 130, render: (_, row) => formatDmy(row.abnormal_date) },
    { title: t('columns.workSchedule'), key: 'work_schedule', width: 140, render: (_, row) => workScheduleText(row) },
    { title: t('columns.abnormalType'), key: 'reason_type', width: 180, render: (_, row) => rowTypeText(row, t) },
    { title: t('columns.checkIn'), dataIndex: 'check_in', width: 100, render: (v: string | null) => v ?? '' },
    { title: t('columns.checkOut'), dataIndex: 'check_out', width: 100, render: (v: string | null) => v ?? '' },
    { title: t('columns.absentMinutes'), key: 'minute_violation', width: 140, align: 'right', render: (_, row) => absentTimeText(row, t) },
    {
      title: t('columns.status'),
      key: 'status',
      width: 150,
      render: (_, row) => {
        const { status, expired } = displayStatus(row);
        return <CaseStatusTag status={status} expired={expired} />;
      },
    },
  ];
  // The rest of the row shows the same reason on hover (spec 001 §2.5 "Row hover shows a reason tooltip").
  return columns.map((column) => (column.key === 'staff' ? column : { ...column, onCell: (row: AbnormalCaseRow) => ({ title: reasonTooltip(row, t) }) }));
}
