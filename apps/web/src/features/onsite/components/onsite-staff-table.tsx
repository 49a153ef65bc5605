import { Button, Table, TimePicker, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { TIME_HM } from '@tms/contracts/api';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { NumberInput } from '../../../components/number-input.tsx';
import { onsiteTexts } from '../i18n/index.ts';
import type { StaffLine } from './onsite-view.ts';
import type { OnsiteStaff } from './use-onsite-staff.ts';

function staffColumns({ update, remove }: Pick<OnsiteStaff, 'update' | 'remove'>, canAddRemove: boolean, t: typeof onsiteTexts.t): TableColumnsType<StaffLine> {
  return [
    { title: t('staff.name'), key: 'name', render: (_, s) => `${s.name} - ${s.user_name}` },
    {
      title: t('staff.startTime'),
      key: 'start',
      width: 130,
      render: (_, s, i) => (
        <TimePicker format={TIME_HM} allowClear={false} value={dayjs(s.startTime, TIME_HM)} onChange={(v) => v && update(i, { startTime: v.format(TIME_HM) })} aria-label={t('staff.startOf', { name: s.user_name })} />
      ),
    },
    {
      title: t('staff.endTime'),
      key: 'end',
      width: 130,
      render: (_, s, i) => (
        <TimePicker format={TIME_HM} allowClear={false} value={dayjs(s.endTime, TIME_HM)} onChange={(v) => v && update(i, { endTime: v.format(TIME_HM) })} aria-label={t('staff.endOf', { name: s.user_name })} />
      ),
    },
    {
      title: t('staff.duration'),
      key: 'duration',
      width: 110,
      render: (_, s, i) => (
        <NumberInput
          min={0.25}
          max={24}
          step={1}
          value={s.duration}
          onChange={(v) => typeof v === 'number' && update(i, { duration: v })}
          aria-label={t('staff.durationOf', { name: s.user_name })}
        />
      ),
    },
    ...(canAddRemove
      ? [
          {
            title: '',
            key: 'remove',
            width: 50,
            render: (_: unknown, s: StaffLine) => <Button size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('staff.remove', { name: s.user_name })} onClick={() => remove(s)} />,
          },
        ]
      : []),
  ];
}

/** The staff part of the onsite form: the add-staff picker (when staff may be added), the lines and the "no staff" error. */
export function OnsiteStaffTable({ lines, canAddRemove }: { lines: OnsiteStaff; canAddRemove: boolean }) {
  const { t } = onsiteTexts.useT();
  return (
    <>
      <Typography.Text strong>{t('staff.heading')}</Typography.Text>
      {canAddRemove ? (
        <div style={{ margin: '8px 0' }}>
          <EmployeeSelect valueField="id" value={lines.picker} onChange={lines.add} placeholder={t('staff.add')} data-testid="onsite-add-staff" style={{ width: 360 }} />
        </div>
      ) : null}
      <Table<StaffLine>
        size="small"
        rowKey="employeeId"
        pagination={false}
        scroll={{ y: 400 }}
        dataSource={lines.staff}
        data-testid="onsite-staff-table"
        locale={{ emptyText: t('staff.empty') }}
        columns={staffColumns(lines, canAddRemove, t)}
      />
      {lines.staffError ? (
        <Typography.Text type="danger" data-testid="onsite-staff-error">
          {lines.staffError}
        </Typography.Text>
      ) : null}
    </>
  );
}
