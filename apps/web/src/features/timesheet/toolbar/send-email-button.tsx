import { Button } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import type { GridFilter } from '@tms/contracts/timesheet-grid';
import { TIMESHEET_EXPORT_MESSAGES as M } from '@tms/contracts/timesheet-export';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSendTimesheetEmail } from './api/send-email.ts';
import { sendEmailBody, sendEmailConfirmText } from './request-bodies.ts';

type SendEmailButtonProps = { timesheetId: number; filter: GridFilter; selectedEmployeeIds: number[] };

/**
 * Send email (spec 001 §2.1, §7.1; RULES.md §8: each chosen employee gets their period summary): a 'Please Confirm'
 * naming who gets it — the ticked rows, else everyone matching the filter — then POST …/send-email.
 */
export function SendEmailButton({ timesheetId, filter, selectedEmployeeIds }: SendEmailButtonProps) {
  const send = useSendTimesheetEmail();

  const sendNow = async () => {
    await send.mutateAsync({ timesheetId, body: sendEmailBody(filter, selectedEmployeeIds) });
    notifySuccess(M.emailSent);
  };

  const confirm = () =>
    confirmDialog({
      content: <span data-testid="ts-send-email-confirm">{sendEmailConfirmText(selectedEmployeeIds.length)}</span>,
      okText: 'Send',
      // The mutation cache shows why a send failed; the dialog closes either way.
      onOk: () => sendNow().catch(() => undefined),
    });

  return (
    <Button icon={<MailOutlined aria-hidden />} onClick={confirm} loading={send.isPending} data-testid="ts-send-email">
      Send Email
    </Button>
  );
}
