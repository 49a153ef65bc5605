import { useMemo, useState } from 'react';
import { Button, DatePicker, Empty, Form, Select, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DMY } from '@tms/contracts/api';
import { JOB_INFO_ERROR_CODE, JOB_INFO_WRITERS, OPEN_END_DATE, type JobInfoRow } from '@tms/contracts/policies';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import { EmployeeSelect } from '../../components/employee-select.tsx';
import { FilterBar, type FilterQuery } from '../../components/filter-bar.tsx';
import type { FilterField } from '../../components/filter-query.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { ApiError } from '../../lib/api-error.ts';
import { formatDmy } from '../../lib/dates.ts';
import { notifyApiError, notifyError, notifySuccess } from '../../lib/notify.ts';
import { sessionKey, useSessionState } from '../../lib/use-session-state.ts';
import { useJobInfoList, useWriteJobInfo, workScheduleCodesQuery, type Filters } from './api/policies-api.ts';
import { policiesTexts, type PoliciesT } from './i18n/index.ts';

const filterFields = (t: PoliciesT): readonly FilterField[] => [
  { kind: 'employee', name: 'employee', label: t('filter.staff'), multiple: true, valueField: 'id' },
  { kind: 'text', name: 'workScheduleCode', label: t('filter.workScheduleCode') },
  { kind: 'dateRange', name: 'date', label: t('filter.date'), fromParam: 'fromDate', toParam: 'toDate' },
];
const parseFilters = (raw: unknown): Filters => (raw && typeof raw === 'object' ? (raw as Filters) : {});

type JobInfoValues = { employee_id?: (string | number)[] | string | number; effective_start_date?: Dayjs | null; end_date?: Dayjs | null; work_schedule_code?: string };

/** The job info dialog (spec 002 §5 Job info): staff on create (multi, 3+ characters, 1 s), start, end, schedule. */
function JobInfoModal({ row, onClose }: { row?: JobInfoRow; onClose: () => void }) {
  const schedules = useQuery(workScheduleCodesQuery);
  const write = useWriteJobInfo();
  const editing = row !== undefined;
  const [form] = Form.useForm<JobInfoValues>();
  const { t } = policiesTexts.useT();
  const submit = async (v: JobInfoValues) => {
    const dates = { effective_start_date: v.effective_start_date!.format('YYYY-MM-DD'), end_date: v.end_date!.format('YYYY-MM-DD'), work_schedule_code: v.work_schedule_code! };
    try {
      if (editing) {
        const res = await write.mutateAsync({ mode: 'update', body: { _id: row._id, version: row.version, ...dates } });
        notifySuccess(res.message);
      } else {
        const ids = Array.isArray(v.employee_id) ? v.employee_id : [v.employee_id];
        const res = await write.mutateAsync({ mode: 'create', body: { employee_id: ids.join(','), ...dates } });
        // spec 002 §8: the answer's data is a list of messages, each shown as a success.
        for (const message of Array.isArray(res.data) ? (res.data as string[]) : [res.message]) notifySuccess(message);
      }
      onClose();
    } catch (error) {
      // spec 002 §4, §8: result code 000513 is an error.
      if (error instanceof ApiError && (error.body as { result_code?: string } | undefined)?.result_code === JOB_INFO_ERROR_CODE) notifyError(error.messages);
      else notifyApiError(error);
      throw error;
    }
  };
  return (
    <FormModal<JobInfoValues>
      open
      form={form}
      title={editing ? t('jobInfo.editTitle') : t('jobInfo.addTitle')}
      initialValues={
        editing
          ? { effective_start_date: dayjs(row.effective_start_date), end_date: dayjs(row.end_date), work_schedule_code: row.work_schedule_code }
          : { end_date: dayjs(OPEN_END_DATE) }
      }
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={write.isPending}
      name="job-info-form"
      width={600}
      saveTestId="job-info-save"
    >
      {editing ? (
        <Form.Item label={t('jobInfo.staff')}>
          <Typography.Text>{`${row.employee_name} - ${row.username}`}</Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item name="employee_id" label={t('jobInfo.staff')} rules={[{ required: true, message: t('messages.jobNameRequired') }]}>
          <EmployeeSelect mode="multiple" valueField="id" placeholder={t('jobInfo.staffPlaceholder')} data-testid="job-info-staff" />
        </Form.Item>
      )}
      <Form.Item name="effective_start_date" label={t('jobInfo.startDate')} rules={[{ required: true, message: t('messages.jobStartRequired') }]}>
        <DatePicker format={DATE_DMY} style={{ width: '100%' }} disabled={editing && row.actions.lockedFields} data-testid="job-info-start" />
      </Form.Item>
      <Form.Item
        name="end_date"
        label={t('jobInfo.endDate')}
        dependencies={['effective_start_date']}
        rules={[
          { required: true, message: t('messages.jobEndRequired') },
          ({ getFieldValue }) => ({
            validator: async (_r, value: Dayjs | null) => {
              const start: Dayjs | null = getFieldValue('effective_start_date');
              if (value && start && value.isBefore(start, 'day')) throw new Error(t('messages.jobEndBeforeStart'));
            },
          }),
        ]}
      >
        <DatePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="job-info-end" />
      </Form.Item>
      <Form.Item name="work_schedule_code" label={t('jobInfo.workSchedule')} rules={[{ required: true, message: t('messages.jobScheduleRequired') }]}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={schedules.isLoading}
          disabled={editing && row.actions.lockedFields}
          data-testid="job-info-schedule"
          options={(schedules.data ?? []).map((s) => ({ value: s.work_schedule_code, label: `${s.work_schedule_code} - ${s.work_schedule_name}` }))}
        />
      </Form.Item>
    </FormModal>
  );
}

/**
 * /employee/job-info-history (spec 002 §2 Job info history): filter, table (Name, Username, Work Schedule Code, Start
 * Date, End Date, Work Start Time, Work End Time, edit); Add New and edit for ADMIN and HR only (§6).
 */
export function JobInfoHistoryPage() {
  const { data: user } = useCurrentUser();
  const mayWrite = hasRole(user, ...JOB_INFO_WRITERS);
  const [filters, setFilters] = useSessionState(sessionKey('tms.job-info-history.filter', user?.userName), parseFilters);
  const [dialog, setDialog] = useState<{ row?: JobInfoRow } | null>(null);
  const list = useJobInfoList(filters);
  const write = useWriteJobInfo();
  const search = (query: FilterQuery) => (JSON.stringify(query) === JSON.stringify(filters) ? void list.refetch() : setFilters({ ...query }));
  const { t } = policiesTexts.useT();
  const fields = useMemo(() => filterFields(t), [t]);

  const onRemove = (row: JobInfoRow) =>
    confirmDialog({
      content: t('messages.deleteConfirm'),
      okText: t('actions.remove'),
      danger: true,
      onOk: () =>
        write.mutateAsync({ mode: 'remove', id: row._id }).then(
          (res) => {
            notifySuccess(res.message);
            list.afterDelete();
          },
          (e: unknown) => notifyApiError(e),
        ),
    });

  return (
    <>
      <Typography.Title level={4}>{t('jobInfo.title')}</Typography.Title>
      <FilterBar
        fields={fields}
        formName="job-info-filter"
        initialValues={{ workScheduleCode: filters.workScheduleCode }}
        onSearch={search}
        reloadTo="empty"
        loading={list.loading}
        extra={
          mayWrite ? (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({})} data-testid="job-info-add">
              {t('jobInfo.addNew')}
            </Button>
          ) : null
        }
      />
      <PagedTable<JobInfoRow>
        {...list.tableProps}
        rowKey="_id"
        data-testid="job-info-table"
        tableProps={{ locale: { emptyText: <Empty description={t('empty.jobInfo')} /> } }}
        columns={[
          { title: t('jobInfo.name'), dataIndex: 'employee_name', key: 'name' },
          { title: t('jobInfo.username'), dataIndex: 'username', key: 'username' },
          { title: t('jobInfo.workScheduleCode'), dataIndex: 'work_schedule_code', key: 'code' },
          { title: t('jobInfo.startDate'), key: 'start', render: (_: unknown, r: JobInfoRow) => formatDmy(r.effective_start_date) },
          { title: t('jobInfo.endDate'), key: 'end', render: (_: unknown, r: JobInfoRow) => formatDmy(r.end_date) },
          { title: t('jobInfo.workStartTime'), dataIndex: 'work_start_time', key: 'ws' },
          { title: t('jobInfo.workEndTime'), dataIndex: 'work_end_time', key: 'we' },
          ...(mayWrite
            ? [
                {
                  title: t('columns.action'),
                  key: 'action',
                  render: (_: unknown, r: JobInfoRow) => (
                    <Space size={4}>
                      <Tooltip title={t('actions.edit')}>
                        <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('actions.edit')} disabled={!r.actions.edit} onClick={() => setDialog({ row: r })} data-testid={`job-info-edit-${r._id}`} />
                      </Tooltip>
                      <Tooltip title={t('actions.remove')}>
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('actions.remove')} disabled={!r.actions.remove} onClick={() => onRemove(r)} data-testid={`job-info-remove-${r._id}`} />
                      </Tooltip>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {dialog ? <JobInfoModal row={dialog.row} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
