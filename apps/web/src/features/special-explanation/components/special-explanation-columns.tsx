import { Button, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { SpecialExplanationRow } from '@tms/contracts/special-explanation';
import { formatTime } from './special-explanation-form.ts';

/**
 * The Special Explanation table (spec 001 §2.7): staff, date, type, time in hours (2 decimals), description,
 * created by, action (Edit — for HR and HRM, while the date is after the lock date).
 */
export function specialExplanationColumns({ mayWrite, onEdit }: { mayWrite: boolean; onEdit: (row: SpecialExplanationRow) => void }): TableColumnsType<SpecialExplanationRow> {
  const columns: TableColumnsType<SpecialExplanationRow> = [
    {
      title: 'Staff',
      key: 'staff',
      width: 240,
      render: (_v, row) => (
        <>
          {row.employeeName}
          <Typography.Text type="secondary"> ({row.userName})</Typography.Text>
          {row.departmentEmployee ? <div><Typography.Text type="secondary">{row.departmentEmployee}</Typography.Text></div> : null}
        </>
      ),
    },
    { title: 'Date', dataIndex: 'date', key: 'date', width: 120 },
    { title: 'Type', key: 'type', width: 220, render: (_v, row) => <Tooltip title={row.typeNameVi}>{row.typeName}</Tooltip> },
    { title: 'Time (hours)', key: 'time', width: 120, align: 'right', render: (_v, row) => formatTime(row.time) },
    { title: 'Description', dataIndex: 'description', key: 'description', width: 280, ellipsis: true },
    {
      title: 'Created By',
      key: 'createBy',
      width: 180,
      render: (_v, row) => (
        <>
          {row.createBy ?? ''}
          {row.departmentCreator ? <div><Typography.Text type="secondary">{row.departmentCreator}</Typography.Text></div> : null}
        </>
      ),
    },
  ];
  if (mayWrite) {
    columns.push({
      title: 'Action',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_v, row) => (
        <Tooltip title={row.canEdit ? 'Edit' : 'In an approved timesheet'}>
          <Button
            type="text"
            icon={<EditOutlined aria-hidden />}
            aria-label="Edit"
            disabled={!row.canEdit}
            onClick={() => onEdit(row)}
            data-testid={`special-explanation-edit-${row.id}`}
          />
        </Tooltip>
      ),
    });
  }
  return columns;
}
