import { Button, InputNumber, Table, TimePicker, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { TIME_HM } from '@tms/contracts/api';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import type { StaffLine } from './onsite-view.ts';
import type { OnsiteStaff } from './use-onsite-staff.ts';

function staffColumns({ update, remove }: Pick<OnsiteStaff, 'update' | 'remove'>, canAddRemove: boolean): TableColumnsType<StaffLine> {
  return [
    { title: 'Staff', key: 'name', render: (_, s) => `${s.name} - ${s.user_name}` },
    {
      title: 'Start time',
      key: 'start',
      width: 130,
      render: (_, s, i) => (
        <TimePicker format={TIME_HM} allowClear={false} value={dayjs(s.startTime, TIME_HM)} onChange={(v) => v && update(i, { startTime: v.format(TIME_HM) })} aria-label={`Start time of ${s.user_name}`} />
      ),
    },
    {
      title: 'End time',
      key: 'end',
      width: 130,
      render: (_, s, i) => (
        <TimePicker format={TIME_HM} allowClear={false} value={dayjs(s.endTime, TIME_HM)} onChange={(v) => v && update(i, { endTime: v.format(TIME_HM) })} aria-label={`End time of ${s.user_name}`} />
      ),
    },
    {
      title: 'Duration',
      key: 'duration',
      width: 110,
      render: (_, s, i) => (
        <InputNumber min={0.25} max={24} step={1} value={s.duration} onChange={(v) => typeof v === 'number' && update(i, { duration: v })} aria-label={`Duration of ${s.user_name}`} />
      ),
    },
    ...(canAddRemove
      ? [
          {
            title: '',
            key: 'remove',
            width: 50,
            render: (_: unknown, s: StaffLine) => <Button size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Remove ${s.user_name}`} onClick={() => remove(s)} />,
          },
        ]
      : []),
  ];
}

/** The staff part of the onsite form: the add-staff picker (when staff may be added), the lines and the "no staff" error. */
export function OnsiteStaffTable({ lines, canAddRemove }: { lines: OnsiteStaff; canAddRemove: boolean }) {
  return (
    <>
      <Typography.Text strong>Staff</Typography.Text>
      {canAddRemove ? (
        <div style={{ margin: '8px 0' }}>
          <EmployeeSelect valueField="id" value={lines.picker} onChange={lines.add} placeholder="Add staff (type 3 characters)" data-testid="onsite-add-staff" style={{ width: 360 }} />
        </div>
      ) : null}
      <Table<StaffLine>
        size="small"
        rowKey="employeeId"
        pagination={false}
        scroll={{ y: 400 }}
        dataSource={lines.staff}
        data-testid="onsite-staff-table"
        locale={{ emptyText: 'No staff yet' }}
        columns={staffColumns(lines, canAddRemove)}
      />
      {lines.staffError ? (
        <Typography.Text type="danger" data-testid="onsite-staff-error">
          {lines.staffError}
        </Typography.Text>
      ) : null}
    </>
  );
}
