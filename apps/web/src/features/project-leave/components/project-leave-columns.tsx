import { Button, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { projectLeaveDetailPage, type ProjectLeaveRow, type ProjectLeaveSummary } from '@tms/contracts/project-leave';
import { actionColumn, amountColumn, rowNumberColumn } from '../../../components/record-columns.tsx';
import type { RecordRowHandlers } from '../../../components/record-row-actions.tsx';
import { formatLeave } from '../../../lib/numbers.ts';
import { projectLeaveTexts, type ProjectLeaveT } from '../i18n/index.ts';

/** Days with 3 decimals. */
const daysColumn = <Row,>(title: string, key: keyof Row & string) => amountColumn<Row>(title, key, formatLeave, 120);

/**
 * The Project Leave list's columns (spec 000 §2): the name opens the employee's detail. Days with 3 decimals. Titles
 * by `t` (the page's, so a switch re-renders them).
 */
export function projectLeaveListColumns({ page, size, t = projectLeaveTexts.t }: { page: number; size: number; t?: ProjectLeaveT }): TableColumnsType<ProjectLeaveSummary> {
  return [
    rowNumberColumn(page, size),
    {
      title: t('name'),
      key: 'name',
      width: 240,
      render: (_v, row) => (
        <Link to={projectLeaveDetailPage(row.employeeId)} data-testid={`project-leave-name-${row.employeeId}`}>
          {row.fullNameStaff}
          <Typography.Text type="secondary"> ({row.userName})</Typography.Text>
        </Link>
      ),
    },
    { title: t('division'), dataIndex: 'division', key: 'division', width: 180 },
    { title: t('department'), dataIndex: 'department', key: 'department', width: 180 },
    daysColumn<ProjectLeaveSummary>(t('totalLeaveDays'), 'totalLeaveDay'),
    daysColumn<ProjectLeaveSummary>(t('used'), 'totalUsed'),
    daysColumn<ProjectLeaveSummary>(t('expired'), 'totalExpired'),
    daysColumn<ProjectLeaveSummary>(t('remaining'), 'totalRemain'),
  ];
}

export type ProjectLeaveRowHandlers = RecordRowHandlers<ProjectLeaveRow> & {
  onDownload: (row: ProjectLeaveRow, index: number) => void;
};

/**
 * The detail table's columns (spec 000 §2 Project Leave detail). Row actions exist only for HR, HRM and Admin
 * (spec 000 §4): History always, Edit and Remove as the server's `canEdit`/`canRemove` allow.
 */
export function projectLeaveDetailColumns({
  mayWrite,
  onDownload,
  t = projectLeaveTexts.t,
  ...handlers
}: ProjectLeaveRowHandlers & { mayWrite: boolean; t?: ProjectLeaveT }): TableColumnsType<ProjectLeaveRow> {
  const columns: TableColumnsType<ProjectLeaveRow> = [
    { title: t('projectCode'), key: 'projectCode', width: 140, render: (_v, row) => row.project.projectCode },
    { title: t('projectName'), key: 'projectName', width: 240, render: (_v, row) => row.project.projectName },
    { title: t('applyDate'), dataIndex: 'applyDate', key: 'applyDate', width: 120 },
    { title: t('expiredDate'), dataIndex: 'expireDate', key: 'expireDate', width: 120 },
    daysColumn<ProjectLeaveRow>(t('leaveDay'), 'leaveDay'),
    daysColumn<ProjectLeaveRow>(t('used'), 'used'),
    daysColumn<ProjectLeaveRow>(t('expired'), 'expired'),
    daysColumn<ProjectLeaveRow>(t('remaining'), 'remaining'),
    {
      title: t('attachFile'),
      key: 'attachFilePaths',
      width: 240,
      render: (_v, row) => (
        <Space direction="vertical" size={0}>
          {row.attachFilePaths.map((file, index) => (
            <Button
              key={file.filePath}
              type="link"
              size="small"
              icon={<PaperClipOutlined aria-hidden />}
              onClick={() => onDownload(row, index)}
              data-testid={`project-leave-attachment-${row.id}-${index}`}
              style={{ padding: 0 }}
            >
              {file.fileName}
            </Button>
          ))}
        </Space>
      ),
    },
  ];
  return mayWrite ? [...columns, actionColumn(handlers, 'project-leave')] : columns;
}
