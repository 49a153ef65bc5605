import { useEffect, useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, Col, DatePicker, Descriptions, Form, Input, Modal, Row, Select, Space, Typography, Upload, type UploadFile } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  CC_MAX_TAG_COUNT,
  REASON_ANNUAL,
  REASON_BIRTHDAY,
  REASON_OFFSET,
  REQUEST_MESSAGES as M,
  REQUEST_TEXT_MAX,
  REQUEST_TYPE_NAMES,
  type RequestRecord,
  type RequestType,
} from '@tms/contracts/requests';
import { DATE_DMY } from '@tms/contracts/api';
import { EmployeeSelect, employeeLabel } from '../employee-select.tsx';
import { useCurrentUser } from '../../lib/auth.ts';
import { ApiError } from '../../lib/api-error.ts';
import { notifyApiError, notifyError, notifySuccess } from '../../lib/notify.ts';
import {
  selectionsQuery,
  uploadFiles,
  useApprover,
  useBalance,
  useRequestLockDate,
  useSaveRequest,
  useWorkSchedule,
} from './request-api.ts';
import { BatchResultModal } from './batch-result-modal.tsx';
import {
  applyDateShiftRules,
  ATTACHMENT_ACCEPT,
  attachmentsProblem,
  batchItems,
  batchSucceeded,
  DURATION_OPTIONS,
  formatBalance,
  hourOptions,
  isDateDisabled,
  minuteOptions,
  SHIFT_OPTIONS,
  showsBalance,
  toPayload,
  type BatchItem,
  type DateRowValues,
  type RequestFormValues,
} from './request-form-rules.ts';

/** Spec 001 §5.2: the CC list "scrolls if more than 6 names" (6 rows of antd's 32 px options). */
const CC_LIST_HEIGHT = 6 * 32;

export type RequestModalMode = 'single' | 'batch' | 'onsite';

export type CreateRequestModalProps = {
  open: boolean;
  onClose: () => void;
  /** The first request date (My Timesheet passes the row's date), YYYY-MM-DD or a Dayjs. */
  initialDate?: string | Dayjs | null;
  /** The staff the request is for; default the signed-in user. */
  employee?: { id?: number | null; user_name: string; name?: string } | null;
  /** single (default), batch (HR: several usernames) or onsite (start/end date and shift). */
  mode?: RequestModalMode;
  /** Edit this request instead of creating one. */
  editing?: RequestRecord | null;
  /** After a successful save. */
  onSaved?: () => void;
};

/** The screen type the selection lookups are asked for (spec 001 §7.2 `screenType`). */
export const REQUEST_SCREEN_TYPE = 'REQUEST_MANAGEMENT';

function toDayjs(value: string | Dayjs | null | undefined): Dayjs | null {
  if (!value) return null;
  const d = dayjs.isDayjs(value) ? value : dayjs(value);
  return d.isValid() ? d.startOf('day') : null;
}

function initialValues(props: CreateRequestModalProps): RequestFormValues {
  const r = props.editing;
  if (r) {
    return {
      request_type: r.request_type,
      reason_type: r.reason_type,
      rows: r.request_dates.map((d) => ({
        date: toDayjs(d.request_date),
        duration: d.duration ?? null,
        hour: d.request_minutes != null ? Math.floor(d.request_minutes / 60) : null,
        minute: d.request_minutes != null ? d.request_minutes % 60 : null,
      })),
      start_date: toDayjs(r.start_date),
      end_date: toDayjs(r.end_date),
      start_shift: r.start_shift === 'AFTERNOON' ? 'AFTERNOON' : 'MORNING',
      end_shift: r.end_shift === 'MORNING' ? 'MORNING' : 'AFTERNOON',
      mail_cc: r.mail_cc,
      description: r.description ?? '',
    };
  }
  const date = toDayjs(props.initialDate);
  return {
    request_type: props.mode === 'onsite' ? 'ONSITE' : 'LEAVE_REQUEST',
    request: props.mode === 'onsite' ? undefined : 'TIME_OFF',
    reason_type: props.mode === 'onsite' ? 'ONSITE' : REASON_ANNUAL,
    rows: [{ date, duration: 'FULL_DAY', hour: null, minute: null }],
    start_date: date,
    end_date: date,
    start_shift: 'MORNING',
    end_shift: 'AFTERNOON',
    mail_cc: [],
    description: '',
  };
}

/**
 * Create Request / Update Request (spec 001 §2.3, §4.2, §5.2): 800 wide; single, batch (HR: usernames) and onsite
 * modes. A failure keeps the form open with the server's message; a success closes it and reloads the list.
 */
export function CreateRequestModal(props: CreateRequestModalProps) {
  const { open, onClose, mode = 'single', editing, onSaved } = props;
  const [form] = Form.useForm<RequestFormValues>();
  const { data: user } = useCurrentUser();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [batchResult, setBatchResult] = useState<BatchItem[] | null>(null);
  const [serverError, setServerError] = useState<string[] | null>(null);
  // After a batch that created something the form hides and its per-item result stays until closed.
  const [finished, setFinished] = useState(false);
  const save = useSaveRequest();

  const owner = props.employee ?? (editing ? { id: editing.employee.id, user_name: editing.employee.user_name, name: editing.employee.name } : null);
  const username = owner?.user_name ?? user?.userName;
  const employeeId = owner ? (owner.id ?? undefined) : (user?.employeeId ?? undefined);

  const selections = useQuery({ ...selectionsQuery(REQUEST_SCREEN_TYPE), enabled: open });
  const lock = useRequestLockDate();
  const lockDate = toDayjs(lock.data ?? null);

  const requestType = Form.useWatch('request_type', form) as RequestType | undefined;
  const reason = Form.useWatch('reason_type', form);
  const rows = Form.useWatch('rows', form) as DateRowValues[] | undefined;
  const startDate = Form.useWatch('start_date', form) as Dayjs | null | undefined;
  const firstDate = (mode === 'onsite' ? startDate : rows?.find((r) => r?.date)?.date) ?? toDayjs(props.initialDate) ?? dayjs();
  const firstIso = firstDate.format('YYYY-MM-DD');

  const schedule = useWorkSchedule(employeeId, firstIso);
  const hourBased = mode !== 'batch' && (owner ? schedule.data?.request_type === 'hour' : user?.requestType === 'hour');
  // standard_working_time comes in minutes (480); an hour figure (8) is taken as it is.
  const standardRaw = Number(schedule.data?.standard_working_time) || 480;
  const standardHours = standardRaw > 24 ? standardRaw / 60 : standardRaw;
  const block = Number(schedule.data?.minimum_minute_block_request) || undefined;
  const balance = useBalance(username, firstIso, open && mode !== 'batch' && showsBalance(reason));
  const approver = useApprover(mode === 'batch' ? undefined : username, firstIso);

  useEffect(() => {
    if (open) {
      form.resetFields();
      setFiles([]);
      setFileError(null);
      setServerError(null);
    }
  }, [open, form]);

  const requestTypeOptions = useMemo(() => {
    const list = selections.data?.requestTypes ?? [];
    const option = (value: RequestType) => ({ value: value as string, label: REQUEST_TYPE_NAMES[value] });
    const opts = list.length > 0 ? list : [option('LEAVE_REQUEST'), option('EXPLANATION_REQUEST')];
    return mode === 'onsite' ? [option('ONSITE'), option('WORK_OUTSIDE')] : opts.filter((o) => o.value !== 'ONSITE' && o.value !== 'WORK_OUTSIDE');
  }, [selections.data, mode]);
  const requestOptions = (selections.data?.requests ?? []).filter((r) => !r.requestType || r.requestType === requestType);
  const chosenRequest = Form.useWatch('request', form) as string | undefined;
  const reasonOptions = (selections.data?.reasons ?? []).filter((r) => (!requestType || r.requestType === requestType) && (!chosenRequest || !r.request || r.request === chosenRequest));
  const fileRequired = reasonOptions.find((r) => r.value === reason)?.requiresFile === true;
  const workOutside = requestType === 'WORK_OUTSIDE';

  const disabledDate = (d: Dayjs) => isDateDisabled(d, lockDate);

  const onValuesChange = (changed: Partial<RequestFormValues>, all: RequestFormValues) => {
    const key = (['start_date', 'end_date', 'start_shift', 'end_shift'] as const).find((k) => k in changed);
    if (key) {
      const map = { start_date: 'startDate', end_date: 'endDate', start_shift: 'startShift', end_shift: 'endShift' } as const;
      const next = applyDateShiftRules(
        { startDate: all.start_date ?? null, endDate: all.end_date ?? null, startShift: all.start_shift ?? null, endShift: all.end_shift ?? null },
        map[key],
      );
      form.setFieldsValue({ start_date: next.startDate, end_date: next.endDate, start_shift: next.startShift, end_shift: next.endShift });
    }
    if ('request_type' in changed) form.setFieldsValue({
        request: changed.request_type === 'LEAVE_REQUEST' ? 'TIME_OFF' : undefined,
        reason_type: changed.request_type === 'LEAVE_REQUEST' ? REASON_ANNUAL : undefined,
      });
    else if ('request' in changed) form.setFieldsValue({ reason_type: undefined });
  };

  const submit = async () => {
    let values: RequestFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const problem = attachmentsProblem(files);
    setFileError(problem);
    if (problem) return;
    if (fileRequired && files.length === 0) {
      setFileError(M.fileRequired);
      return;
    }
    const payload = toPayload(values, { hourBased, mode, id: editing?.id });
    if (mode !== 'batch' && !editing && owner?.id && owner.user_name !== user?.userName) payload.employee = owner.id;
    setServerError(null);
    try {
      const kind = mode === 'batch' ? 'batch' : mode === 'onsite' ? (editing ? 'editCommon' : 'common') : editing ? 'edit' : 'create';
      if (mode === 'onsite' && !editing) payload.usernames = values.usernames ?? [];
      if (editing) payload.version = editing.version;
      const answer = await save.mutateAsync({ payload, kind, hourBased });
      if (mode === 'batch') {
        const items = batchItems(answer.data);
        if (items.length === 0) throw new ApiError(answer.code, answer.message || M.uploadFailed);
        setBatchResult(items);
        if (!batchSucceeded(items)) return;
        await uploadAll(items.filter((i) => (i.code === 200 || i.code === 201) && i.id).map((i) => i.id as number));
        onSaved?.();
        setFinished(true);
        return;
      } else {
        const data = answer.data as { id?: number; ids?: number[] } | null;
        const ids = editing ? [editing.id] : (data?.ids ?? (data?.id ? [data.id] : []));
        await uploadAll(ids);
        notifySuccess(answer.message || M.success);
      }
      onSaved?.();
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        setServerError(error.messages);
        notifyApiError(error);
      } else notifyApiError(error);
    }
  };

  const uploadAll = async (ids: number[]) => {
    const raw = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => !!f);
    if (raw.length === 0 || ids.length === 0) return;
    let ok = true;
    for (const id of ids) ok = (await uploadFiles(id, raw)) && ok;
    if (ok) notifySuccess(M.uploadSuccess);
    else notifyError(M.uploadFailed);
  };

  const bal = balance.data;
  const balanceText =
    reason === REASON_ANNUAL
      ? `${formatBalance(bal?.remain_annual_leave)} hours (with advance: ${formatBalance(bal?.annual_leave_balance_hours)})`
      : reason === REASON_OFFSET
        ? `${formatBalance(bal?.remainOffsetLeave)} hours`
        : reason === REASON_BIRTHDAY
          ? `${formatBalance(bal?.remain_birthday_leave)} day`
          : '';
  const approverName = approver.data ? [approver.data.name, approver.data.user_name ?? approver.data.username].filter(Boolean).join(' - ') : '';

  return (
    <>
      <Modal
        open={open && !finished}
        title={editing ? 'Update Request' : 'Create Request'}
        width={800}
        onCancel={onClose}
        destroyOnHidden
        mask={{ closable: false }}
        footer={[
          <Button key="cancel" onClick={onClose} data-testid="request-form-cancel">
            Cancel
          </Button>,
          <Button key="save" type="primary" loading={save.isPending} disabled={workOutside} onClick={() => void submit()} data-testid="request-form-save">
            {editing ? 'Update' : 'Create'}
          </Button>,
        ]}
      >
        <Form<RequestFormValues> form={form} name="request-form" layout="vertical" initialValues={initialValues(props)} onValuesChange={onValuesChange} data-testid="request-form">
          {workOutside ? <Alert type="warning" showIcon title={M.onsiteNotSupported} style={{ marginBottom: 12 }} data-testid="request-onsite-unsupported" /> : null}
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="request_type" label="Request type" rules={[{ required: true, message: M.requestTypeRequired }]}>
                <Select options={requestTypeOptions} loading={selections.isLoading} disabled={!!editing} data-testid="request-type" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="request" label="Request" rules={requestOptions.length > 0 && !editing ? [{ required: true, message: M.requestTypeRequired }] : []}>
                <Select options={requestOptions} allowClear disabled={!!editing || requestOptions.length === 0} data-testid="request-request" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="reason_type" label="Reason" rules={[{ required: true, message: M.reasonRequired }]}>
                <Select options={reasonOptions} loading={selections.isLoading} showSearch={{ optionFilterProp: 'label' }} data-testid="request-reason" />
              </Form.Item>
            </Col>
          </Row>
          {mode === 'batch' || (mode === 'onsite' && !editing) ? (
            <Form.Item name="usernames" label="Staff" rules={[{ required: true, message: M.staffRequired }]}>
              <EmployeeSelect mode="multiple" valueField="user_name" data-testid="request-usernames" />
            </Form.Item>
          ) : owner && owner.user_name !== user?.userName ? (
            <Typography.Paragraph data-testid="request-owner">Staff: {owner.name ? `${owner.name} - ${owner.user_name}` : owner.user_name}</Typography.Paragraph>
          ) : null}

          {mode === 'onsite' ? (
            <OnsiteFields disabledDate={disabledDate} />
          ) : (
            <DateRows hourBased={hourBased} standardHours={standardHours} block={block} disabledDate={disabledDate} />
          )}

          {mode !== 'batch' ? (
            <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
              {showsBalance(reason) ? (
                <Descriptions.Item label="Balance">
                  <span data-testid="request-balance">{balance.isLoading ? '…' : balanceText}</span>
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label="Approver">
                <span data-testid="request-approver">{approverName || '—'}</span>
              </Descriptions.Item>
            </Descriptions>
          ) : null}

          <Form.Item name="mail_cc" label={`CC (${CC_MAX_TAG_COUNT} shown)`}>
            {/* Spec 001 §5.2: a remote multi-select of employee ids showing at most 3 tags. */}
            <EmployeeSelect
              mode="multiple"
              valueField="id"
              maxTagCount={CC_MAX_TAG_COUNT}
              listHeight={CC_LIST_HEIGHT}
              initialOptions={(editing?.mail ?? []).map((p) => ({ value: p.id, label: employeeLabel(p) }))}
              data-testid="request-cc"
            />
          </Form.Item>
          <Form.Item
            name="description"
            label="Description"
            rules={[
              { required: requestType === 'EXPLANATION_REQUEST', whitespace: true, message: M.descriptionRequired },
              { max: REQUEST_TEXT_MAX, message: M.textTooLong },
            ]}
          >
            <Input.TextArea rows={3} showCount={{ formatter: ({ count }) => `${count}/${REQUEST_TEXT_MAX}` }} data-testid="request-description" />
          </Form.Item>
          <Form.Item label="Attachments" required={fileRequired} validateStatus={fileError ? 'error' : undefined} help={fileError ?? undefined}>
            <Upload
              multiple
              accept={ATTACHMENT_ACCEPT}
              fileList={files}
              beforeUpload={() => false}
              onChange={({ fileList }) => {
                setFiles(fileList);
                setFileError(attachmentsProblem(fileList));
              }}
              data-testid="request-files"
            >
              <Button icon={<UploadOutlined aria-hidden />} data-testid="request-files-add">
                Choose files
              </Button>
            </Upload>
          </Form.Item>
          {serverError ? (
            <Alert type="error" showIcon role="alert" title={<div style={{ whiteSpace: 'pre-line' }}>{serverError.join('\n')}</div>} data-testid="request-form-error" />
          ) : null}
        </Form>
      </Modal>
      <BatchResultModal
        items={batchResult}
        onClose={() => {
          setBatchResult(null);
          if (finished) onClose();
        }}
      />
    </>
  );
}

function OnsiteFields({ disabledDate }: { disabledDate: (d: Dayjs) => boolean }) {
  return (
    <Row gutter={16}>
      <Col span={6}>
        <Form.Item name="start_date" label="Start date" rules={[{ required: true, message: M.startTimeRequired }]}>
          <DatePicker format={DATE_DMY} disabledDate={disabledDate} style={{ width: '100%' }} data-testid="request-start-date" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="start_shift" label="Start shift" rules={[{ required: true, message: M.shiftRequired }]}>
          <Select options={SHIFT_OPTIONS} data-testid="request-start-shift" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="end_date" label="End date" rules={[{ required: true, message: M.endTimeRequired }]}>
          <DatePicker format={DATE_DMY} disabledDate={disabledDate} style={{ width: '100%' }} data-testid="request-end-date" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="end_shift" label="End shift" rules={[{ required: true, message: M.shiftRequired }]}>
          <Select options={SHIFT_OPTIONS} data-testid="request-end-shift" />
        </Form.Item>
      </Col>
    </Row>
  );
}

function DateRows({ hourBased, standardHours, block, disabledDate }: { hourBased: boolean; standardHours: number; block?: number; disabledDate: (d: Dayjs) => boolean }) {
  return (
    <Form.List
      name="rows"
      rules={[
        {
          validator: async (_, rows: DateRowValues[] | undefined) => {
            if (!rows || rows.length === 0) throw new Error(M.requestDatesRequired);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <Typography.Text strong>Request dates</Typography.Text>
          {fields.map((field, index) => (
            <Row key={field.key} gutter={12} align="top" data-testid={`request-date-row-${index}`}>
              <Col span={hourBased ? 9 : 12}>
                <Form.Item name={[field.name, 'date']} rules={[{ required: true, message: M.requestDateRequired }]}>
                  <DatePicker format={DATE_DMY} disabledDate={disabledDate} style={{ width: '100%' }} aria-label="Request date" data-testid={`request-date-${index}`} />
                </Form.Item>
              </Col>
              {hourBased ? (
                <>
                  <Col span={6}>
                    <Form.Item name={[field.name, 'hour']} rules={[{ required: true, message: M.hourRequired }]}>
                      <Select options={hourOptions(standardHours).map((h) => ({ value: h, label: `${h} h` }))} placeholder="Hour" aria-label="Hour" data-testid={`request-hour-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item noStyle dependencies={[['rows', field.name, 'hour']]}>
                      {({ getFieldValue }) => (
                        <Form.Item name={[field.name, 'minute']} rules={[{ required: true, message: M.minuteRequired }]}>
                          <Select
                            options={minuteOptions(getFieldValue(['rows', field.name, 'hour']) as number | undefined, block, standardHours).map((m) => ({ value: m, label: `${m} min` }))}
                            placeholder="Minute"
                            aria-label="Minute"
                            data-testid={`request-minute-${index}`}
                          />
                        </Form.Item>
                      )}
                    </Form.Item>
                  </Col>
                </>
              ) : (
                <Col span={9}>
                  <Form.Item name={[field.name, 'duration']} rules={[{ required: true, message: M.durationRequired }]}>
                    <Select options={DURATION_OPTIONS} aria-label="Duration" data-testid={`request-duration-${index}`} />
                  </Form.Item>
                </Col>
              )}
              <Col span={3}>
                <Button icon={<DeleteOutlined aria-hidden />} aria-label="Remove date" disabled={fields.length <= 1} onClick={() => remove(field.name)} data-testid={`request-date-remove-${index}`} />
              </Col>
            </Row>
          ))}
          <Space direction="vertical" style={{ marginBottom: 12 }}>
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ duration: 'FULL_DAY' })} data-testid="request-date-add">
              Add date
            </Button>
            <Form.ErrorList errors={errors} />
          </Space>
        </>
      )}
    </Form.List>
  );
}
