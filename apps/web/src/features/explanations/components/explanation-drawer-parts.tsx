import { Button, Descriptions, Form, Input, Select, Space } from 'antd';
import { REQUEST_TEXT_MAX } from '@tms/contracts/requests';
import { AssigneeSelect } from '../../../components/assignee-select.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { explanationStepLabel } from './explanation-columns.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import type { ExplanationRow } from '../api/explanations-api.ts';
import { departmentOf, nameOf, type ExplanationActions } from '../explanation-rules.ts';
import { explanationsTexts } from '../i18n/index.ts';
import type { useExplanationDrawer } from './use-explanation-drawer.ts';

type Drawer = ReturnType<typeof useExplanationDrawer>;

/** Cancel, Reject and Approve, each shown when the caller may (the drawer's header). */
export function ExplanationStatusButtons({ actions, confirmStatus, onReject }: { actions: ExplanationActions; confirmStatus: Drawer['confirmStatus']; onReject: () => void }) {
  const { t } = explanationsTexts.useT();
  return (
    <Space wrap>
      {actions.cancel ? (
        <Button onClick={() => confirmStatus(5, t('drawer.cancelConfirm'))} data-testid="explanation-cancel">
          {t('drawer.cancel')}
        </Button>
      ) : null}
      {actions.reject ? (
        <Button onClick={onReject} data-testid="explanation-reject">
          {t('drawer.reject')}
        </Button>
      ) : null}
      {actions.approve ? (
        <Button type="primary" onClick={() => confirmStatus(3, t('drawer.approveConfirm'))} data-testid="explanation-approve">
          {t('drawer.approve')}
        </Button>
      ) : null}
    </Space>
  );
}

export function ExplanationSummary({ row }: { row: ExplanationRow }) {
  const { t } = explanationsTexts.useT();
  return (
    <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('drawer.staff')}>{nameOf(row.employee)}</Descriptions.Item>
      <Descriptions.Item label={t('drawer.department')}>{departmentOf(row.employee)}</Descriptions.Item>
      <Descriptions.Item label={t('drawer.explanationDate')}>{formatDmy(row.abnormal_date)}</Descriptions.Item>
      <Descriptions.Item label={t('drawer.reasonType')}>{row.reason_type_name || row.reason_type}</Descriptions.Item>
      <Descriptions.Item label={t('drawer.absentType')}>{row.absent_type ?? ''}</Descriptions.Item>
      <Descriptions.Item label={t('drawer.createdDate')}>{formatDateTime(row.created_date)}</Descriptions.Item>
      <Descriptions.Item label={t('drawer.status')}>
        <span data-testid="explanation-drawer-status">
          <StatusTag kind="explanation" status={row.status} label={explanationStepLabel(row)} />
        </span>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Title, actual and description: editable while the explanation is Pending or Delegated. */
export function ExplanationEditForm({ row, drawer }: { row: ExplanationRow; drawer: Drawer }) {
  const { actions, form } = drawer;
  const { t } = explanationsTexts.useT();
  return (
    <Form
      form={form}
      layout="vertical"
      name="explanation-edit"
      disabled={!actions.edit}
      initialValues={{ title: row.title ?? '', actual: row.actual ?? '', description: row.description ?? '' }}
    >
      <Form.Item name="title" label={t('drawer.title')} rules={[{ required: true, whitespace: true, message: t('messages.titleRequired') }, { max: 200 }]}>
        <Input data-testid="explanation-edit-title" />
      </Form.Item>
      <Form.Item name="actual" label={t('drawer.actual')} rules={[{ required: true, whitespace: true, message: t('messages.actualRequired') }]}>
        <Select options={drawer.actualOptions} loading={drawer.actualsLoading} data-testid="explanation-edit-actual" placeholder={t('drawer.chooseActual')} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('drawer.description')}
        rules={[
          { required: true, whitespace: true, message: t('messages.descriptionRequired') },
          { max: REQUEST_TEXT_MAX, message: t('messages.textTooLong') },
        ]}
      >
        <Input.TextArea rows={4} data-testid="explanation-edit-description" />
      </Form.Item>
      {actions.edit ? (
        <Button type="primary" onClick={drawer.save} loading={drawer.saving} data-testid="explanation-save">
          {t('drawer.save')}
        </Button>
      ) : null}
    </Form>
  );
}

/** Change of assignee: shown only where the server's reassignment rule lets this user hand it over; else the assignee's name. */
export function ExplanationAssignee({ row, drawer }: { row: ExplanationRow; drawer: Drawer }) {
  const { assignee } = drawer;
  const { t } = explanationsTexts.useT();
  if (!drawer.actions.changeAssignee) {
    return (
      <Descriptions column={1} size="small" bordered style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('drawer.assignee')}>{nameOf(row.assignee)}</Descriptions.Item>
      </Descriptions>
    );
  }
  const assigneeOption = row.assignee?.id ? [{ value: row.assignee.id, label: nameOf(row.assignee) }] : undefined;
  return (
    <Form layout="vertical" name="explanation-assignee" style={{ marginTop: 16 }}>
      <Form.Item label={t('drawer.assignee')} htmlFor="explanation-assignee">
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
        {t('drawer.changeAssignee')}
      </Button>
    </Form>
  );
}
