import { Col, Form, Row, Select, Typography } from 'antd';
import { EmployeeSelect } from '../employee-select.tsx';
import { commonTexts } from '../i18n/index.ts';
import type { RequestModalMode } from './request-form-values.ts';
import type { RequestSelections } from './use-request-selections.ts';
import { useSelectClear } from '../select-clear.tsx';

/** Request type, request and reason side by side (stacked on a phone, at full width); an edited request keeps its type and request. */
export function RequestTypeFields({ selections, editing }: { selections: RequestSelections; editing: boolean }) {
  const { requestTypeOptions, requestOptions, reasonOptions, loading } = selections;
  const { t } = commonTexts.useT();
  const clear = useSelectClear();
  return (
    <Row gutter={16}>
      <Col xs={24} sm={8}>
        <Form.Item name="request_type" label={t('requestForm.requestType')} rules={[{ required: true, message: t('requestForm.messages.requestTypeRequired') }]}>
          <Select options={requestTypeOptions} loading={loading} disabled={editing} data-testid="request-type" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="request"
          label={t('requestForm.request')}
          rules={requestOptions.length > 0 && !editing ? [{ required: true, message: t('requestForm.messages.requestTypeRequired') }] : []}
        >
          <Select options={requestOptions} allowClear={clear} disabled={editing || requestOptions.length === 0} data-testid="request-request" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name="reason_type" label={t('requestForm.reason')} rules={[{ required: true, message: t('requestForm.messages.reasonRequired') }]}>
          <Select options={reasonOptions} loading={loading} showSearch={{ optionFilterProp: 'label' }} data-testid="request-reason" />
        </Form.Item>
      </Col>
    </Row>
  );
}

type RequestStaffFieldProps = {
  mode: RequestModalMode;
  editing: boolean;
  owner: { user_name: string; name?: string } | null;
  userName: string | undefined;
};

/** Batch and new onsite requests pick their staff; a request for someone else names them; one's own shows nothing. */
export function RequestStaffField({ mode, editing, owner, userName }: RequestStaffFieldProps) {
  const { t } = commonTexts.useT();
  if (mode === 'batch' || (mode === 'onsite' && !editing)) {
    return (
      <Form.Item name="usernames" label={t('requestForm.staff')} rules={[{ required: true, message: t('requestForm.messages.staffRequired') }]}>
        <EmployeeSelect mode="multiple" valueField="user_name" data-testid="request-usernames" />
      </Form.Item>
    );
  }
  if (owner && owner.user_name !== userName) {
    const name = owner.name ? `${owner.name} - ${owner.user_name}` : owner.user_name;
    return <Typography.Paragraph data-testid="request-owner">{t('requestForm.staffOwner', { name })}</Typography.Paragraph>;
  }
  return null;
}
