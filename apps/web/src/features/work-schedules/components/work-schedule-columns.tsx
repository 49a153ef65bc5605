import { Button, Space, Switch, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { WorkScheduleRow } from '@tms/contracts/work-schedule-config';
import { hoursText } from './work-schedule-form.ts';

export type WorkScheduleActions = {
  onHistory: (row: WorkScheduleRow) => void;
  onEdit: (row: WorkScheduleRow) => void;
  onRemove: (row: WorkScheduleRow) => void;
  onToggle: (row: WorkScheduleRow, active: boolean) => void;
  /** Id of the row whose switch is saving. */
  toggling?: number;
};

/** The work schedule config table (spec 002 §2 Policy config): code, name, type, start/end, standard time, active, actions. */
export function workScheduleColumns(a: WorkScheduleActions): TableColumnsType<WorkScheduleRow> {
  return [
    { title: 'Code', dataIndex: 'work_schedule_code', key: 'code', width: 160 },
    { title: 'Name', dataIndex: 'work_schedule_name', key: 'name', width: 260 },
    { title: 'Type', dataIndex: 'work_schedule_type', key: 'type', width: 110, render: (v: string) => <Tag>{v}</Tag> },
    { title: 'Start / End', key: 'time', width: 130, render: (_v, row) => `${row.work_start_time} - ${row.work_end_time}` },
    { title: 'Standard Time (hours)', key: 'standard', width: 110, align: 'right', render: (_v, row) => hoursText(row.standard_working_time) },
    {
      title: 'Active',
      key: 'active',
      width: 90,
      render: (_v, row) => (
        <Switch
          checked={row.active}
          loading={a.toggling === row.id}
          onChange={(checked) => a.onToggle(row, checked)}
          aria-label={`Active ${row.work_schedule_code}`}
          data-testid={`work-schedule-active-${row.work_schedule_code}`}
        />
      ),
    },
    {
      title: 'Action',
      key: 'action',
      width: 140,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Tooltip title="History">
            <Button type="text" icon={<HistoryOutlined aria-hidden />} aria-label="History" onClick={() => a.onHistory(row)} data-testid={`work-schedule-history-${row.work_schedule_code}`} />
          </Tooltip>
          <Tooltip title="Edit">
            <Button type="text" icon={<EditOutlined aria-hidden />} aria-label="Edit" onClick={() => a.onEdit(row)} data-testid={`work-schedule-edit-${row.work_schedule_code}`} />
          </Tooltip>
          <Tooltip title={row.inUse ? 'Used by a staff or department policy' : 'Remove'}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label="Remove"
              disabled={row.inUse}
              onClick={() => a.onRemove(row)}
              data-testid={`work-schedule-remove-${row.work_schedule_code}`}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];
}
