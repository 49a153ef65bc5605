import { Button, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { projectLeaveDetailPage, type ProjectLeaveRow, type ProjectLeaveSummary } from '@tms/contracts/project-leave';
import { actionColumn, amountColumn, rowNumberColumn } from '../../../components/record-columns.tsx';
import type { RecordRowHandlers } from '../../../components/record-row-actions.tsx';
import { formatLeave } from '../../../lib/numbers.ts';

/** Days with 3 decimals. */
const daysColumn = <Row,>(title: string, key: keyof Row & string) => amountColumn<Row>(title, key, formatLeave, 120);

/** The Project Leave list's columns (spec 000 §2): the name opens the employee's detail. Days with 3 decimals. */
export function projectLeaveListColumns({ page, size }: { page: number; size: number }): TableColumnsType<ProjectLeaveSummary> {
  return [
    rowNumberColumn(page, size),
    {
      title: 'Name',
      key: 'name',
      width: 240,
      render: (_v, row) => (
        <Link to={projectLeaveDetailPage(row.employeeId)} data-testid={`project-leave-name-${row.employeeId}`}>
          {row.fullNameStaff}
          <Typography.Text type="secondary"> ({row.userName})</Typography.Text>
        </Link>
      ),
    },
    { title: 'Division', dataIndex: 'division', key: 'division', width: 180 },
    { title: 'Department', dataIndex: 'department', key: 'department', width: 180 },
    daysColumn<ProjectLeaveSummary>('Total Leave Day(s)', 'totalLeaveDay'),
    daysColumn<ProjectLeaveSummary>('Used', 'totalUsed'),
    daysColumn<ProjectLeaveSummary>('Expired', 'totalExpired'),
    daysColumn<ProjectLeaveSummary>('Remaining', 'totalRemain'),
  ];
}

export type ProjectLeaveRowHandlers = RecordRowHandlers<ProjectLeaveRow> & {
  onDownload: (row: ProjectLeaveRow, index: number) => void;
};

/**
 * The detail table's columns (spec 000 §2 Project Leave detail). Row actions exist only for HR, HRM and Admin
 * (spec 000 §4): History always, Edit and Remove as the server's `canEdit`/`canRemove` allow.
 */
export function projectLeaveDetailColumns({ mayWrite, onDownload, ...handlers }: ProjectLeaveRowHandlers & { mayWrite: boolean }): TableColumnsType<ProjectLeaveRow> {
  const columns: TableColumnsType<ProjectLeaveRow> = [
    { title: 'Project Code', key: 'projectCode', width: 140, render: (_v, row) => row.project.projectCode },
    { title: 'Project Name', key: 'projectName', width: 240, render: (_v, row) => row.project.projectName },
    { title: 'Apply Date', dataIndex: 'applyDate', key: 'applyDate', width: 120 },
    { title: 'Expired Date', dataIndex: 'expireDate', key: 'expireDate', width: 120 },
    daysColumn<ProjectLeaveRow>('Leave Day', 'leaveDay'),
    daysColumn<ProjectLeaveRow>('Used', 'used'),
    daysColumn<ProjectLeaveRow>('Expired', 'expired'),
    daysColumn<ProjectLeaveRow>('Remaining', 'remaining'),
    {
      title: 'Attach file',
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
