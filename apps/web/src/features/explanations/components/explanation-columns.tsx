import { Button, type TableColumnsType } from 'antd';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import type { ExplanationRow } from '../api/explanations-api.ts';
import { departmentOf, nameOf } from '../explanation-rules.ts';

/** Columns of spec 001 §2.6. The title is a button too, so the detail opens from the keyboard as well. */
export function explanationColumns(onOpen: (row: ExplanationRow) => void): TableColumnsType<ExplanationRow> {
  return [
    { title: 'Title', dataIndex: 'title', width: 220, ellipsis: true, render: (v: string | null, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(row)} data-testid={`explanation-title-${row.id}`}>
          {v || '(no title)'}
        </Button>
      ),
    },
    { title: 'Created By', key: 'created_by', width: 180, render: (_, row) => nameOf(row.created_by) || nameOf(row.employee) },
    { title: 'Department', key: 'department', width: 160, render: (_, row) => departmentOf(row.employee) },
    { title: 'Approved By', key: 'approved_by', width: 180, render: (_, row) => nameOf(row.approved_by) || nameOf(row.assignee) },
    { title: 'Reason Type', dataIndex: 'reason_detail', width: 180, render: (v: string | null) => v ?? '' },
    { title: 'Created Date', dataIndex: 'created_date', width: 170, render: (v: string | null) => formatDateTime(v) },
    { title: 'Explanation Date', dataIndex: 'abnormal_date', width: 140, render: (v: string) => formatDmy(v) },
    { title: 'Status Type', key: 'status', width: 130, render: (_, row) => <StatusTag kind="explanation" status={row.status} /> },
  ];
}
