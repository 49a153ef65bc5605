import { useState } from 'react';
import { REQUEST_STATUS, type RequestRecord } from '@tms/contracts/requests';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import type { RequestModalMode } from '../../components/requests/create-request-modal.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { useUpdateAssignee, useUpdateStatus } from './api/request-api.ts';
import type { RequestAction } from './components/request-actions.ts';
import { requestsTexts } from './i18n/index.ts';

export type RequestDialog =
  | { kind: 'create'; mode: RequestModalMode; date?: string }
  | { kind: 'edit'; row: RequestRecord }
  | { kind: 'reject' | 'withdraw'; row: RequestRecord }
  | { kind: 'delegate'; row: RequestRecord }
  | { kind: 'import'; which: 'timeoff' | 'revoke' }
  | null;

/** Which request's detail and which dialog Request Management shows, and the row actions that open or run them. */
export function useRequestPageState() {
  const [dialog, setDialog] = useState<RequestDialog>(null);
  const [detail, setDetail] = useState<RequestRecord | null>(null);
  const updateStatus = useUpdateStatus();
  const updateAssignee = useUpdateAssignee();
  const close = () => setDialog(null);

  const afterChange = (message?: string) => {
    notifySuccess(message || requestsTexts.t('messages.updateStatusSuccess'));
    setDetail(null);
    close();
  };

  const onAction = (action: RequestAction, row: RequestRecord) => {
    switch (action) {
      case 'detail':
        setDetail(row);
        return;
      case 'approve':
        confirmDialog({
          title: requestsTexts.t('dialogs.approveTitle'),
          content: requestsTexts.t('dialogs.approveContent'),
          okText: requestsTexts.t('dialogs.yes'),
          cancelText: requestsTexts.t('dialogs.no'),
          onOk: () =>
            updateStatus.mutateAsync({ id: row.id, status_type: REQUEST_STATUS.approved, version: row.version, approval_step: row.approval_step?.step }).then(
              (answer) => afterChange((answer as { message?: string }).message),
              () => undefined,
            ),
        });
        return;
      case 'reject':
      case 'withdraw':
        setDialog({ kind: action, row });
        return;
      case 'edit':
        setDialog({ kind: 'edit', row });
        return;
      case 'delegate':
        setDialog({ kind: 'delegate', row });
        return;
    }
  };

  return { dialog, setDialog, close, detail, setDetail, afterChange, onAction, updateStatus, updateAssignee };
}

export type RequestPageState = ReturnType<typeof useRequestPageState>;
