import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, Select, Space } from 'antd';
import { REQUEST_MESSAGES, REQUEST_TEXT_MAX } from '@tms/contracts/requests';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { AssigneeSelect } from '../../../components/assignee-select.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import { notifyFailure, notifySuccess } from '../../../lib/notify.ts';
import { useActualChoices, useExplanationStatus, useUpdateExplanation, type ExplanationRow } from '../api/explanations-api.ts';
import { departmentOf, explanationActions, nameOf, type Caller } from '../explanation-rules.ts';

type Values = { title: string; actual: string; description: string };

type ExplanationDrawerProps = { row: ExplanationRow; user: Caller | undefined; onClose: () => void };

/** "Explanation Detail" (30 %, spec 001 §2.6, §4.4, §5.5): edit while Pending or Delegated, cancel / approve / reject. */
export function ExplanationDrawer({ row, user, onClose }: ExplanationDrawerProps) {
  const actions = explanationActions(row, user);
  const [form] = Form.useForm<Values>();
  const update = useUpdateExplanation();
  const status = useExplanationStatus();
  const [rejecting, setRejecting] = useState(false);
  const actualChoices = useActualChoices();
  // A stored actual that is not (or no longer) a choice is still shown as it is.
  const actualOptions = [...(actualChoices.data ?? [])];
  if (row.actual && !actualOptions.some((o) => o.value === row.actual)) actualOptions.push({ value: row.actual, label: row.actual });
  const assigneeOption = row.assignee?.id ? [{ value: row.assignee.id, label: nameOf(row.assignee) }] : undefined;
  const [assignee, setAssignee] = useState<number | null>(row.assignee?.id ?? null);

  const changeStatus = async (next: 3 | 4 | 5, reason?: string) => {
    try {
      await status.mutateAsync({ row, status: next, reason });
    } catch (error) {
      notifyFailure(REQUEST_MESSAGES.explanationStatusFailed, error);
      throw error;
    }
    notifySuccess(REQUEST_MESSAGES.explanationStatusUpdated);
    onClose();
  };

  const confirmStatus = (next: 3 | 5, text: string) =>
    confirmDialog({ content: text, okText: 'Yes', cancelText: 'No', onOk: () => changeStatus(next) });

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await update.mutateAsync({
        id: row.id,
        title: values.title.trim(),
        actual: values.actual?.trim() ?? null,
        description: values.description.trim(),
        version: row.version,
        employee: { id: row.employee.id },
        abnormal_date: row.abnormal_date,
        created_date: row.created_date,
        modify_date: row.modify_date ?? null,
        reason_detail: row.reason_detail ?? null,
        absent_type: row.absent_type ?? null,
        status: row.status,
      });
    } catch (error) {
      notifyFailure(REQUEST_MESSAGES.editFailed, error);
      return;
    }
    notifySuccess(REQUEST_MESSAGES.explanationStatusUpdated);
    onClose();
  };

  /** Another assignee sets Delegated (6), the original restores the status; only a lead of the owner or HR may (RULES.md §5). */
  const handOver = async () => {
    if (assignee === null || assignee === row.assignee?.id) return;
    try {
      await update.mutateAsync({ id: row.id, assignee: { id: assignee }, version: row.version });
    } catch (error) {
      notifyFailure(REQUEST_MESSAGES.editFailed, error);
      return;
    }
    notifySuccess(REQUEST_MESSAGES.explanationStatusUpdated);
    onClose();
  };

  return (
    <Drawer
      open
      title="Explanation Detail"
      size="30%"
      placement="right"
      onClose={onClose}
      data-testid="explanation-drawer"
      extra={
        <Space wrap>
          {actions.cancel ? (
            <Button onClick={() => confirmStatus(5, 'Cancel this explanation?')} data-testid="explanation-cancel">
              Cancel
            </Button>
          ) : null}
          {actions.reject ? (
            <Button onClick={() => setRejecting(true)} data-testid="explanation-reject">
              Reject
            </Button>
          ) : null}
          {actions.approve ? (
            <Button type="primary" onClick={() => confirmStatus(3, 'Approve this explanation?')} data-testid="explanation-approve">
              Approve
            </Button>
          ) : null}
        </Space>
      }
    >
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Staff">{nameOf(row.employee)}</Descriptions.Item>
        <Descriptions.Item label="Department">{departmentOf(row.employee)}</Descriptions.Item>
        <Descriptions.Item label="Explanation Date">{formatDmy(row.abnormal_date)}</Descriptions.Item>
        <Descriptions.Item label="Reason Type">{row.reason_detail ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Absent type">{row.absent_type ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Created Date">{formatDateTime(row.created_date)}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <span data-testid="explanation-drawer-status">
            <StatusTag kind="explanation" status={row.status} />
          </span>
        </Descriptions.Item>
      </Descriptions>
      <Form<Values>
        form={form}
        layout="vertical"
        name="explanation-edit"
        disabled={!actions.edit}
        initialValues={{ title: row.title ?? '', actual: row.actual ?? '', description: row.description ?? '' }}
      >
        <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, message: REQUEST_MESSAGES.titleRequired }, { max: 200 }]}>
          <Input data-testid="explanation-edit-title" />
        </Form.Item>
        <Form.Item name="actual" label="Actual" rules={[{ required: true, whitespace: true, message: REQUEST_MESSAGES.actualRequired }]}>
          <Select options={actualOptions} loading={actualChoices.isLoading} data-testid="explanation-edit-actual" placeholder="Choose actual" />
        </Form.Item>
        <Form.Item
          name="description"
          label="Description"
          rules={[
            { required: true, whitespace: true, message: REQUEST_MESSAGES.descriptionRequired },
            { max: REQUEST_TEXT_MAX, message: REQUEST_MESSAGES.textTooLong },
          ]}
        >
          <Input.TextArea rows={4} data-testid="explanation-edit-description" />
        </Form.Item>
        {actions.edit ? (
          <Button type="primary" onClick={save} loading={update.isPending} data-testid="explanation-save">
            Save
          </Button>
        ) : null}
      </Form>
      {/* Change of assignee: shown only where the server's reassignment rule lets this user hand it over. */}
      {actions.changeAssignee ? (
        <Form layout="vertical" name="explanation-assignee" style={{ marginTop: 16 }}>
          <Form.Item label="Assignee" htmlFor="explanation-assignee">
            <AssigneeSelect
              id="explanation-assignee"
              item={{ requestId: row.id }}
              value={assignee}
              onChange={(v) => setAssignee(typeof v === 'number' ? v : null)}
              initialOptions={assigneeOption}
              allowClear={false}
              data-testid="explanation-assignee"
            />
          </Form.Item>
          <Button onClick={() => void handOver()} disabled={assignee === null || assignee === row.assignee?.id} loading={update.isPending} data-testid="explanation-assignee-save">
            Change assignee
          </Button>
        </Form>
      ) : (
        <Descriptions column={1} size="small" bordered style={{ marginTop: 16 }}>
          <Descriptions.Item label="Assignee">{nameOf(row.assignee)}</Descriptions.Item>
        </Descriptions>
      )}
      {rejecting ? (
        // Spec 001 §5.5: "Message required!".
        <ReasonModal
          title="Reject"
          requiredMessage={REQUEST_MESSAGES.messageRequired}
          okText="Reject"
          name="explanation-reject"
          saveTestId="explanation-reject-save"
          cancelTestId="explanation-reject-cancel"
          inputTestId="explanation-reject-reason"
          pending={status.isPending}
          onSubmit={async (reason) => {
            await changeStatus(4, reason);
            setRejecting(false);
          }}
          onCancel={() => setRejecting(false)}
        />
      ) : null}
    </Drawer>
  );
}
