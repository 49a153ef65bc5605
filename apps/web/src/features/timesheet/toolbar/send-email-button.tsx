import { Button } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import type { GridFilter } from '@tms/contracts/timesheet-grid';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { timesheetTexts } from '../i18n/index.ts';
import { useSendTimesheetEmail } from './api/send-email.ts';
import { sendEmailBody, sendEmailConfirmText } from './request-bodies.ts';

type SendEmailButtonProps = { timesheetId: number; filter: GridFilter; selectedEmployeeIds: number[] };

/**
 * Send email (spec 001 §2.1, §7.1; RULES.md §8: each chosen employee gets their period summary): a 'Please Confirm'
 * naming who gets it — the ticked rows, else everyone matching the filter — then POST …/send-email.
 */
export function SendEmailButton({ timesheetId, filter, selectedEmployeeIds }: SendEmailButtonProps) {
  const send = useSendTimesheetEmail();
  const { t } = timesheetTexts.useT();

  const sendNow = async () => {
    await send.mutateAsync({ timesheetId, body: sendEmailBody(filter, selectedEmployeeIds) });
    notifySuccess(timesheetTexts.t('toolbar.sendEmail.sent'));
  };

  const confirm = () =>
    confirmDialog({
      content: <span data-testid="ts-send-email-confirm">{sendEmailConfirmText(selectedEmployeeIds.length, t)}</span>,
      okText: t('toolbar.sendEmail.ok'),
      // The mutation cache shows why a send failed; the dialog closes either way.
      onOk: () => sendNow().catch(() => undefined),
    });

  return (
    <Button icon={<MailOutlined aria-hidden />} onClick={confirm} loading={send.isPending} data-testid="ts-send-email">
      {t('toolbar.sendEmail.button')}
    </Button>
  );
}
