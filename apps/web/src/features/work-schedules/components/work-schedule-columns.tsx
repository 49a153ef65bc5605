import { Button, Switch, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { WorkScheduleRow } from '@tms/contracts/work-schedule-config';
import type { WorkSchedulesT } from '../i18n/index.ts';
import { hoursText } from './work-schedule-form.ts';
import { RowActionsSpace } from '../../../components/row-actions-space.tsx';

export type WorkScheduleActions = {
  onHistory: (row: WorkScheduleRow) => void;
  onEdit: (row: WorkScheduleRow) => void;
  onRemove: (row: WorkScheduleRow) => void;
  onToggle: (row: WorkScheduleRow, active: boolean) => void;
  /** Id of the row whose switch is saving. */
  toggling?: number;
};

/** The work schedule config table (spec 002 §2 Policy config): code, name, type, start/end, standard time, active, actions. */
export function workScheduleColumns(t: WorkSchedulesT, a: WorkScheduleActions): TableColumnsType<WorkScheduleRow> {
  return [
    { title: t('columns.code'), dataIndex: 'work_schedule_code', key: 'code', width: 160 },
    { title: t('columns.name'), dataIndex: 'work_schedule_name', key: 'name', width: 260 },
    { title: t('columns.type'), dataIndex: 'work_schedule_type', key: 'type', width: 110, render: (v: string) => <Tag>{v}</Tag> },
    { title: t('columns.startEnd'), key: 'time', width: 130, render: (_v, row) => `${row.work_start_time} - ${row.work_end_time}` },
    { title: t('columns.standardTime'), key: 'standard', width: 110, align: 'right', render: (_v, row) => hoursText(row.standard_working_time) },
    {
      title: t('columns.active'),
      key: 'active',
      width: 90,
      render: (_v, row) => (
        <Switch
          checked={row.active}
          loading={a.toggling === row.id}
          onChange={(checked) => a.onToggle(row, checked)}
          aria-label={t('list.activeLabel', { code: row.work_schedule_code })}
          data-testid={`work-schedule-active-${row.work_schedule_code}`}
        />
      ),
    },
    {
      title: t('columns.action'),
      key: 'action',
      width: 140,
      fixed: 'right',
      render: (_v, row) => (
        <RowActionsSpace>
          <Tooltip title={t('list.history')}>
            <Button type="text" icon={<HistoryOutlined aria-hidden />} aria-label={t('list.history')} onClick={() => a.onHistory(row)} data-testid={`work-schedule-history-${row.work_schedule_code}`} />
          </Tooltip>
          <Tooltip title={t('list.edit')}>
            <Button type="text" icon={<EditOutlined aria-hidden />} aria-label={t('list.edit')} onClick={() => a.onEdit(row)} data-testid={`work-schedule-edit-${row.work_schedule_code}`} />
          </Tooltip>
          <Tooltip title={row.inUse ? t('list.inUse') : t('list.remove')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('list.remove')}
              disabled={row.inUse}
              onClick={() => a.onRemove(row)}
              data-testid={`work-schedule-remove-${row.work_schedule_code}`}
            />
          </Tooltip>
        </RowActionsSpace>
      ),
    },
  ];
}
