import { Button, Descriptions, Form, Input, Select, Space } from 'antd';
import { REQUEST_MESSAGES, REQUEST_TEXT_MAX } from '@tms/contracts/requests';
import { AssigneeSelect } from '../../../components/assignee-select.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import type { ExplanationRow } from '../api/explanations-api.ts';
import { departmentOf, nameOf, type ExplanationActions } from '../explanation-rules.ts';
import type { useExplanationDrawer } from './use-explanation-drawer.ts';

type Drawer = ReturnType<typeof useExplanationDrawer>;

/** Cancel, Reject and Approve, each shown when the caller may (the drawer's header). */
export function ExplanationStatusButtons({ actions, confirmStatus, onReject }: { actions: ExplanationActions; confirmStatus: Drawer['confirmStatus']; onReject: () => void }) {
  return (
    <Space wrap>
      {actions.cancel ? (
        <Button onClick={() => confirmStatus(5, 'Cancel this explanation?')} data-testid="explanation-cancel">
          Cancel
        </Button>
      ) : null}
      {actions.reject ? (
        <Button onClick={onReject} data-testid="explanation-reject">
          Reject
        </Button>
      ) : null}
      {actions.approve ? (
        <Button type="primary" onClick={() => confirmStatus(3, 'Approve this explanation?')} data-testid="explanation-approve">
          Approve
        </Button>
      ) : null}
    </Space>
  );
}

export function ExplanationSummary({ row }: { row: ExplanationRow }) {
  return (
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
  );
}

/** Title, actual and description: editable while the explanation is Pending or Delegated. */
export function ExplanationEditForm({ row, drawer }: { row: ExplanationRow; drawer: Drawer }) {
  const { actions, form } = drawer;
  return (
    <Form
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
        <Select options={drawer.actualOptions} loading={drawer.actualsLoading} data-testid="explanation-edit-actual" placeholder="Choose actual" />
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
        <Button type="primary" onClick={drawer.save} loading={drawer.saving} data-testid="explanation-save">
          Save
        </Button>
      ) : null}
    </Form>
  );
}

/** Change of assignee: shown only where the server's reassignment rule lets this user hand it over; else the assignee's name. */
export function ExplanationAssignee({ row, drawer }: { row: ExplanationRow; drawer: Drawer }) {
  const { assignee } = drawer;
  if (!drawer.actions.changeAssignee) {
    return (
      <Descriptions column={1} size="small" bordered style={{ marginTop: 16 }}>
        <Descriptions.Item label="Assignee">{nameOf(row.assignee)}</Descriptions.Item>
      </Descriptions>
    );
  }
  const assigneeOption = row.assignee?.id ? [{ value: row.assignee.id, label: nameOf(row.assignee) }] : undefined;
  return (
    <Form layout="vertical" name="explanation-assignee" style={{ marginTop: 16 }}>
      <Form.Item label="Assignee" htmlFor="explanation-assignee">
        <AssigneeSelect
          id="explanation-assignee"
          item={{ requestId: row.id }}
          value={assignee}
          onChange={(v) => drawer.setAssignee(typeof v === 'number' ? v : null)}
          initialOptions={assigneeOption}
          allowClear={false}
          data-testid="explanation-assignee"
        />
      </Form.Item>
      <Button onClick={() => void drawer.handOver()} disabled={assignee === null || assignee === row.assignee?.id} loading={drawer.saving} data-testid="explanation-assignee-save">
        Change assignee
      </Button>
    </Form>
  );
}
