import { Button, Card, Col, DatePicker, Form, Row, Select, Typography } from 'antd';
import { APPROVAL_ITEM_KINDS } from '@tms/contracts/approval-flows';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { KitForm } from '../../../components/kit-form.tsx';
import { NumberInput } from '../../../components/number-input.tsx';
import { ProjectSelect } from '../../../components/project-select.tsx';
import { useSelectClear } from '../../../components/select-clear.tsx';
import { DATE_DMY } from '../../../lib/dates.ts';
import { usePreviewFlow } from '../api/preview-flow.ts';
import { amountUnitOf, kindLabel } from '../flow-display.ts';
import { AMOUNT_MAX, isProjectKind, isReasonTyped, previewPayloadOf, type PreviewValues } from '../flow-form-values.ts';
import { foldedLabelMatch } from '../fold-search.ts';
import { approvalFlowsTexts } from '../i18n/index.ts';
import type { FlowLookups } from '../use-flow-lookups.ts';
import { PreviewResult } from './preview-result.tsx';

const COL = { xs: 24, md: 12, xl: 8 } as const;

/**
 * 'Preview': which flow an item of a chosen employee, kind, reason and amount would follow today (or from a chosen
 * day, for delegations in force then) and who would approve each step. It asks the server, which decides as it will
 * when the request is created; nothing is written.
 */
export function FlowPreviewPanel({ lookups }: { lookups: FlowLookups }) {
  const { t } = approvalFlowsTexts.useT();
  const [form] = Form.useForm<PreviewValues>();
  const clear = useSelectClear();
  const preview = usePreviewFlow();
  const kind = Form.useWatch('item_kind', form) ?? 'LEAVE_REQUEST';
  const reasons = lookups.reasons[kind];
  return (
    <Card title={t('preview.title')} data-testid="flow-preview">
      <Typography.Paragraph type="secondary">{t('preview.intro')}</Typography.Paragraph>
      <KitForm<PreviewValues>
        form={form}
        name="approval-flow-preview"
        layout="vertical"
        initialValues={{ item_kind: 'LEAVE_REQUEST', amount: 1 }}
        onValuesChange={(changed) => {
          // A reason is its kind's own: a leave reason means nothing to an explanation.
          if (changed.item_kind !== undefined) form.setFieldsValue({ reason_type: null, project_id: null });
        }}
        onFinish={(values) => preview.mutate(previewPayloadOf(values))}
      >
        <Row gutter={16}>
          <Col {...COL}>
            <Form.Item<PreviewValues> name="employee_id" label={t('preview.employee')} rules={[{ required: true, message: t('messages.employeeRequired') }]}>
              <EmployeeSelect valueField="id" data-testid="flow-preview-employee" />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item<PreviewValues> name="item_kind" label={t('preview.kind')} rules={[{ required: true, message: t('messages.kindRequired') }]}>
              <Select options={APPROVAL_ITEM_KINDS.map((k) => ({ value: k, label: kindLabel(k, t) }))} data-testid="flow-preview-kind" />
            </Form.Item>
          </Col>
          {isReasonTyped(kind) ? (
            <Col {...COL}>
              <Form.Item<PreviewValues> name="reason_type" label={t('preview.reasonType')}>
                <Select options={reasons.options} loading={reasons.loading} allowClear={clear} showSearch={{ filterOption: foldedLabelMatch }} data-testid="flow-preview-reason" />
              </Form.Item>
            </Col>
          ) : null}
          {isProjectKind(kind) ? (
            <Col {...COL}>
              <Form.Item<PreviewValues> name="project_id" label={t('preview.project')} extra={t('preview.projectHint')}>
                <ProjectSelect data-testid="flow-preview-project" />
              </Form.Item>
            </Col>
          ) : null}
          <Col {...COL}>
            <Form.Item<PreviewValues> name="amount" label={t(`preview.amount.${amountUnitOf(kind)}`)} rules={[{ required: true, type: 'number', min: 0, max: AMOUNT_MAX, message: t('messages.amountInvalid') }]}>
              <NumberInput min={0} max={AMOUNT_MAX} style={{ width: '100%' }} data-testid="flow-preview-days" />
            </Form.Item>
          </Col>
          <Col {...COL}>
            <Form.Item<PreviewValues> name="date" label={t('preview.date')}>
              <DatePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="flow-preview-date" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={preview.isPending} data-testid="flow-preview-run">
          {t('preview.run')}
        </Button>
      </KitForm>
      {preview.data ? (
        <div style={{ marginTop: 16 }}>
          <PreviewResult preview={preview.data} />
        </div>
      ) : null}
    </Card>
  );
}
