import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Select, Table, TimePicker, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DMY, DATE_ISO, TIME_HM } from '@tms/contracts/api';
import { ONSITE_MESSAGES as M, ONSITE_TEXT_MAX, ONSITE_TITLE_MAX, ONSITE_TYPES, ONSITE_TYPE_LABELS, type OnsiteDetail } from '@tms/contracts/onsite';
import { EmployeeSelect, type EmployeeLookup } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { ProjectSelect } from '../../../components/project-select.tsx';
import type { RemoteOption } from '../../../components/remote-select.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useOnsiteCommand } from '../api/onsite-api.ts';
import { fromRow, newStaffLine, toPayload, type OnsiteFormValues, type StaffLine } from './onsite-view.ts';

type Values = Omit<OnsiteFormValues, 'range'> & { range?: [Dayjs, Dayjs] | null };

/**
 * Create and edit modal (spec 002 §2, §5): title, project, range of dates, type, location, description, cc, and the
 * staff table (start 08:30, end 17:30, duration 8 by default). In the edit modal only HR adds or removes staff (§6).
 */
export function OnsiteFormModal({ row, mayChangeStaff, onClose }: { row?: OnsiteDetail; mayChangeStaff: boolean; onClose: () => void }) {
  const editing = row !== undefined;
  const start = editing ? fromRow(row) : null;
  const [staff, setStaff] = useState<StaffLine[]>(start?.staff ?? []);
  const [staffError, setStaffError] = useState<string | null>(null);
  const [picker, setPicker] = useState<number | undefined>(undefined);
  const command = useOnsiteCommand();
  const canAddRemove = !editing || mayChangeStaff;

  const initialValues: Partial<Values> = start
    ? { ...start.values, range: start.values.range ? [dayjs(start.values.range[0]), dayjs(start.values.range[1])] : null }
    : { type: 'FULL_DAY' };

  const update = (i: number, patch: Partial<StaffLine>) => setStaff((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const add = (_value: unknown, option: RemoteOption<EmployeeLookup> | RemoteOption<EmployeeLookup>[] | undefined) => {
    const item = Array.isArray(option) ? option[0]?.item : option?.item;
    setPicker(undefined);
    if (!item || staff.some((s) => s.employeeId === item.id)) return;
    setStaff((list) => [...list, newStaffLine(item)]);
    setStaffError(null);
  };

  const submit = async (values: Values) => {
    if (staff.length === 0) {
      setStaffError(M.staffRequired);
      return;
    }
    const range: [string, string] | null = values.range ? [values.range[0].format(DATE_ISO), values.range[1].format(DATE_ISO)] : null;
    const body = toPayload({ ...values, range }, staff);
    // A failure is shown by the query client's notice; the modal stays open.
    if (editing) await command.mutateAsync({ kind: 'update', id: row.id, body: { ...body, version: row.version } });
    else await command.mutateAsync({ kind: 'create', body });
    notifySuccess(editing ? M.updated : M.created);
    onClose();
  };

  return (
    <FormModal<Values>
      open
      title={editing ? 'Edit Onsite Request' : 'Create Onsite Request'}
      name="onsite-form"
      width={1000}
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={command.isPending}
      okText={editing ? 'Save' : 'Create'}
      saveTestId="onsite-form-save"
      cancelTestId="onsite-form-cancel"
      formTestId="onsite-form"
    >
      <Form.Item
        name="title"
        label="Title"
        rules={[
          { required: true, whitespace: true, message: M.titleRequired },
          { max: ONSITE_TITLE_MAX, message: M.titleTooLong },
        ]}
      >
        <Input maxLength={ONSITE_TITLE_MAX + 1} data-testid="onsite-title" />
      </Form.Item>
      <Form.Item name="projectId" label="Project" rules={[{ required: true, message: M.projectRequired }]}>
        <ProjectSelect
          data-testid="onsite-project"
          initialOptions={row ? [{ value: row.projectid, label: `${row.projectCode} - ${row.projectName}` }] : undefined}
        />
      </Form.Item>
      <Form.Item name="range" label="Range of dates" rules={[{ required: true, message: M.dateRangeRequired }]}>
        <DatePicker.RangePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="onsite-range" />
      </Form.Item>
      <Form.Item name="type" label="Type" rules={[{ required: true, message: M.typeRequired }]}>
        <Select options={ONSITE_TYPES.map((t) => ({ value: t, label: ONSITE_TYPE_LABELS[t] }))} data-testid="onsite-type" />
      </Form.Item>
      <Form.Item name="location" label="Location" rules={[{ max: ONSITE_TEXT_MAX, message: M.textTooLong }]}>
        <Input data-testid="onsite-location" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[{ max: ONSITE_TEXT_MAX, message: M.textTooLong }]}>
        <Input.TextArea rows={3} data-testid="onsite-description" />
      </Form.Item>
      <Form.Item name="ccUsernames" label="CC">
        <EmployeeSelect
          mode="multiple"
          data-testid="onsite-cc"
          initialOptions={row?.cc.map((c) => ({ value: c.user_name, label: `${c.name} - ${c.user_name}` }))}
        />
      </Form.Item>
      <Typography.Text strong>Staff</Typography.Text>
      {canAddRemove ? (
        <div style={{ margin: '8px 0' }}>
          <EmployeeSelect valueField="id" value={picker} onChange={add} placeholder="Add staff (type 3 characters)" data-testid="onsite-add-staff" style={{ width: 360 }} />
        </div>
      ) : null}
      <Table<StaffLine>
        size="small"
        rowKey="employeeId"
        pagination={false}
        scroll={{ y: 400 }}
        dataSource={staff}
        data-testid="onsite-staff-table"
        locale={{ emptyText: 'No staff yet' }}
        columns={[
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
                  render: (_: unknown, s: StaffLine) => (
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`Remove ${s.user_name}`}
                      onClick={() => setStaff((list) => list.filter((x) => x.employeeId !== s.employeeId))}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {staffError ? (
        <Typography.Text type="danger" data-testid="onsite-staff-error">
          {staffError}
        </Typography.Text>
      ) : null}
    </FormModal>
  );
}
