import { Checkbox, Col, Form, Input, InputNumber, Row, Switch, Typography } from 'antd';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_IN_FLIGHT_DEFAULT, WEBHOOK_IN_FLIGHT_MAX, WEBHOOK_IN_FLIGHT_MIN, WEBHOOK_URL_MAX, webhookUrlProblem, type WebhookEndpoint, type WebhookWithSecret } from '@tms/contracts/webhooks';
import { FormModal } from '../../../components/form-modal.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { localizedMessages } from '../../../lib/server-messages.ts';
import { useSaveWebhook } from '../api/webhooks-api.ts';
import { webhooksTexts } from '../i18n/index.ts';
import { eventGroups, eventLabel } from '../webhook-display.ts';

export type WebhookFormValues = { url: string; description: string; events: string[]; active: boolean; max_in_flight: number };

type WebhookFormModalProps = {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  /** A new endpoint was created: its secret is shown once. */
  onCreated: (created: WebhookWithSecret) => void;
};

/** 'New webhook endpoint' / 'Edit webhook endpoint': URL, description, the events by area, active, deliveries at once. */
export function WebhookFormModal({ endpoint, onClose, onCreated }: WebhookFormModalProps) {
  const { t } = webhooksTexts.useT();
  const [form] = Form.useForm<WebhookFormValues>();
  const save = useSaveWebhook();
  const initialValues: WebhookFormValues = endpoint
    ? { url: endpoint.url, description: endpoint.description ?? '', events: endpoint.events, active: endpoint.active, max_in_flight: endpoint.max_in_flight }
    : { url: 'https://', description: '', events: [], active: true, max_in_flight: WEBHOOK_IN_FLIGHT_DEFAULT };

  const submit = async (values: WebhookFormValues) => {
    const body = { url: values.url.trim(), description: values.description?.trim() || null, events: values.events as never, active: values.active, max_in_flight: values.max_in_flight };
    try {
      const saved = endpoint ? await save.mutateAsync({ id: endpoint.id, body: { ...body, version: endpoint.version } }) : await save.mutateAsync({ id: null, body });
      if (endpoint) notifySuccess(webhooksTexts.t('actions.updated'));
      else onCreated(saved as WebhookWithSecret);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) notifyError(localizedMessages(error));
      else notifyApiError(error);
      throw error; // the modal stays open for a correction
    }
  };

  const urlRule = { validator: (_: unknown, value: string) => (value && webhookUrlProblem(value.trim()) ? Promise.reject(new Error(urlMessage(value.trim()))) : Promise.resolve()) };
  const urlMessage = (value: string) => (webhookUrlProblem(value)?.startsWith('URL must use https') ? t('messages.urlNotHttps') : t('messages.urlInvalid'));

  return (
    <FormModal<WebhookFormValues>
      open
      form={form}
      title={endpoint ? t('form.editTitle') : t('form.createTitle')}
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={720}
      name="webhook-form"
      formTestId="webhook-form"
      saveTestId="webhook-save"
      cancelTestId="webhook-cancel"
    >
      <Form.Item<WebhookFormValues> name="url" label={t('form.url')} extra={t('form.urlHint')} rules={[{ required: true, whitespace: true, message: t('messages.urlRequired') }, urlRule]}>
        <Input maxLength={WEBHOOK_URL_MAX} inputMode="url" autoComplete="off" data-testid="webhook-url" />
      </Form.Item>
      <Form.Item<WebhookFormValues> name="description" label={t('form.description')} rules={[{ max: WEBHOOK_DESCRIPTION_MAX, message: t('messages.descriptionTooLong') }]}>
        <Input maxLength={WEBHOOK_DESCRIPTION_MAX} data-testid="webhook-description" />
      </Form.Item>
      <Form.Item<WebhookFormValues> name="events" label={t('form.events')} rules={[{ required: true, type: 'array', min: 1, message: t('messages.eventsRequired') }]}>
        <Checkbox.Group style={{ width: '100%' }} data-testid="webhook-events">
          <Row gutter={[16, 8]} style={{ width: '100%' }}>
            {eventGroups().map((group) => (
              <Col key={group.area} xs={24} sm={12}>
                <Typography.Text strong>{t(`areas.${group.area}`)}</Typography.Text>
                {group.types.map((type) => (
                  <div key={type}>
                    <Checkbox value={type} data-testid={`webhook-event-${type}`}>
                      {eventLabel(type, t)}
                    </Checkbox>
                  </div>
                ))}
              </Col>
            ))}
          </Row>
        </Checkbox.Group>
      </Form.Item>
      <Form.Item<WebhookFormValues> name="active" label={t('form.active')} valuePropName="checked">
        <Switch data-testid="webhook-active" />
      </Form.Item>
      <Form.Item<WebhookFormValues>
        name="max_in_flight"
        label={t('form.maxInFlight')}
        extra={t('form.maxInFlightHint')}
        rules={[{ required: true, type: 'integer', min: WEBHOOK_IN_FLIGHT_MIN, max: WEBHOOK_IN_FLIGHT_MAX, message: t('messages.maxInFlightInvalid') }]}
      >
        <InputNumber min={WEBHOOK_IN_FLIGHT_MIN} max={WEBHOOK_IN_FLIGHT_MAX} precision={0} style={{ width: 120 }} data-testid="webhook-max-in-flight" />
      </Form.Item>
    </FormModal>
  );
}
