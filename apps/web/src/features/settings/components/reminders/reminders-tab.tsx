import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Space, Spin, Switch, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReminderSettingsValues } from '@tms/contracts/reminders';
import { RecordHistoryModal } from '../../../../components/record-history-modal.tsx';
import { formatDateTime } from '../../../../lib/dates.ts';
import { notifyApiError, notifySuccess } from '../../../../lib/notify.ts';
import { REMINDER_SETTINGS_PATH } from '@tms/contracts/reminders';
import { reminderSettingsKey, useReminderSettings, useSaveReminderSettings } from '../../api/reminders-api.ts';
import { reminderTexts } from './i18n/index.ts';

type Row = { switch: keyof ReminderSettingsValues; days?: keyof ReminderSettingsValues; title: string; help: string; testId: string };

/**
 * Settings → Reminders (issue 30 §4, docs/reminders.md): the morning time, each reminder's switch and its number of
 * working days; saved with the version read (a stale save answers 409 and the form reloads); the history of changes.
 */
export function RemindersTab() {
  const { t } = reminderTexts.useT();
  const settings = useReminderSettings();
  const save = useSaveReminderSettings();
  const [form] = Form.useForm<ReminderSettingsValues & { morning: dayjs.Dayjs }>();
  const [historyOpen, setHistoryOpen] = useState(false);
  const data = settings.data;

  useEffect(() => {
    if (data) form.setFieldsValue({ ...data, morning: dayjs(data.morning_time, 'HH:mm') });
  }, [data, form]);

  if (settings.isPending) return <Spin />;
  if (!data) return <Alert type="error" title={String(settings.error ?? '')} />;

  const rows: Row[] = [
    { switch: 'approver_digest_enabled', days: 'approver_digest_days', title: t('approverDigest'), help: t('approverDigestHelp'), testId: 'reminder-approver' },
    { switch: 'explanation_deadline_enabled', days: 'explanation_deadline_days', title: t('explanationDeadline'), help: t('explanationDeadlineHelp'), testId: 'reminder-explanation' },
    { switch: 'missing_check_out_enabled', title: t('missingCheckOut'), help: t('missingCheckOutHelp'), testId: 'reminder-check-out' },
    { switch: 'hr_period_digest_enabled', title: t('hrDigest'), help: t('hrDigestHelp'), testId: 'reminder-hr' },
  ];

  const submit = (values: ReminderSettingsValues & { morning: dayjs.Dayjs }) => {
    const { morning, ...rest } = values;
    save.mutate(
      { ...data, ...rest, morning_time: morning.format('HH:mm'), version: data.version },
      { onSuccess: () => notifySuccess(t('saved')), onError: (error) => notifyApiError(error) },
    );
  };

  return (
    <div data-testid="reminders-tab" style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="morning" label={t('morningTime')} rules={[{ required: true }]}>
          <TimePicker format="HH:mm" minuteStep={5} allowClear={false} inputReadOnly data-testid="reminder-morning-time" />
        </Form.Item>
        {rows.map((row) => (
          <Card key={row.switch} size="small" title={row.title} style={{ marginBottom: 12 }} data-testid={row.testId}>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {row.help}
            </Typography.Paragraph>
            <Space wrap size="large">
              <Form.Item name={row.switch} valuePropName="checked" noStyle>
                <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} aria-label={row.title} data-testid={`${row.testId}-switch`} />
              </Form.Item>
              {row.days ? (
                <Space>
                  <Form.Item name={row.days} noStyle rules={[{ required: true }]}>
                    <InputNumber min={1} max={30} precision={0} aria-label={`${row.title}: ${t('workingDays')}`} data-testid={`${row.testId}-days`} />
                  </Form.Item>
                  <span>{t('workingDays')}</span>
                </Space>
              ) : null}
            </Space>
          </Card>
        ))}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="reminder-save">
            {t('save')}
          </Button>
          <Button onClick={() => setHistoryOpen(true)} data-testid="reminder-history">
            {t('history')}
          </Button>
          {data.updated_at && data.updated_by ? (
            <Typography.Text type="secondary">{t('lastChanged', { date: formatDateTime(data.updated_at), name: data.updated_by })}</Typography.Text>
          ) : null}
        </Space>
      </Form>
      {historyOpen ? (
        <RecordHistoryModal
          title={t('historyTitle')}
          path={REMINDER_SETTINGS_PATH}
          queryKey={[...reminderSettingsKey, 'history']}
          id={1}
          fieldLabels={{
            morning_time: t('morningTime'),
            approver_digest_enabled: t('approverDigest'),
            approver_digest_days: `${t('approverDigest')}: ${t('workingDays')}`,
            explanation_deadline_enabled: t('explanationDeadline'),
            explanation_deadline_days: `${t('explanationDeadline')}: ${t('workingDays')}`,
            missing_check_out_enabled: t('missingCheckOut'),
            hr_period_digest_enabled: t('hrDigest'),
          }}
          onClose={() => setHistoryOpen(false)}
        />
      ) : null}
    </div>
  );
}
