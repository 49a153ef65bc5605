import { REQUEST_STATUS, type RequestRecord } from '@tms/contracts/requests';
import { ReasonModal } from '../../components/reason-modal.tsx';
import { CreateRequestModal } from '../../components/requests/create-request-modal.tsx';
import { DelegateModal } from './components/delegate-modal.tsx';
import { RequestImportDialog } from './components/request-import-dialogs.tsx';
import { requestsTexts } from './i18n/index.ts';
import type { RequestPageState } from './use-request-page-state.ts';

type RequestDialogsProps = {
  state: Pick<RequestPageState, 'dialog' | 'close' | 'setDetail' | 'afterChange' | 'updateStatus' | 'updateAssignee'>;
  onImported: () => void;
};

/** The dialogs of Request Management: Create/Update Request, the reject/withdraw reason, delegate, and the imports. */
export function RequestDialogs({ state, onImported }: RequestDialogsProps) {
  const { t } = requestsTexts.useT();
  const { dialog, close, afterChange, updateStatus, updateAssignee } = state;
  const reasonRow = dialog?.kind === 'reject' || dialog?.kind === 'withdraw' ? dialog.row : null;
  return (
    <>
      {dialog?.kind === 'create' ? <CreateRequestModal open mode={dialog.mode} initialDate={dialog.date} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? (
        <CreateRequestModal open mode={dialog.row.request_type === 'ONSITE' ? 'onsite' : 'single'} editing={dialog.row} onClose={close} onSaved={() => state.setDetail(null)} />
      ) : null}
      <ReasonModal
        open={reasonRow !== null}
        title={dialog?.kind === 'withdraw' ? t('dialogs.withdrawTitle') : t('dialogs.rejectTitle')}
        requiredMessage={t('messages.reasonIsRequired')}
        showCount
        okText={t('dialogs.submit')}
        name="request-reason"
        saveTestId="reason-submit"
        cancelTestId="reason-cancel"
        inputTestId="reason-input"
        pending={updateStatus.isPending}
        onCancel={close}
        onSubmit={(reason) =>
          updateStatus
            .mutateAsync({ id: reasonRow!.id, status_type: dialog?.kind === 'withdraw' ? REQUEST_STATUS.withdrawn : REQUEST_STATUS.rejected, reason, version: reasonRow!.version })
            .then((answer) => afterChange((answer as { message?: string }).message))
        }
      />
      <DelegateModal
        requestId={dialog?.kind === 'delegate' ? dialog.row.id : null}
        loading={updateAssignee.isPending}
        onCancel={close}
        onSubmit={(approver) => updateAssignee.mutateAsync({ id: (dialog as { row: RequestRecord }).row.id, approver }).then(() => afterChange(requestsTexts.t('messages.updateStatusSuccess')))}
      />
      {dialog?.kind === 'import' ? <RequestImportDialog kind={dialog.which} onClose={close} onImported={onImported} /> : null}
    </>
  );
}
