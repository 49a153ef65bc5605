import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Result, Space, Spin } from 'antd';
import { FLEXIBLE_STATUS, OVERTIME_PAGE } from '@tms/contracts/overtime';
import { flexibleActions, type FlexibleChangeStatusPayload, type FlexibleFile } from '@tms/contracts/overtime-flexible';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { HistoryViewer, type HistoryEntry } from '../../../components/history-viewer.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { useServerToday } from '../../../lib/lookups.ts';
import { notifyApiError, notifyFailure, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { OvertimeComments } from '../comments/overtime-comments.tsx';
import { DelegateModal } from '../fixed/delegate-modal.tsx';
import { overtimeTexts } from '../i18n/index.ts';
import { deleteFlexibleFile, downloadFlexibleFile, uploadFlexibleFile, useFlexibleCommand, useFlexibleDetail, type ChangeStatusResult } from './api/flexible-overtime-api.ts';
import { FlexibleConfirmModal } from './flexible-confirm-modal.tsx';
import { FlexibleDetailActions, type FlexibleDialog } from './flexible-detail-actions.tsx';
import { ActualBlock, ApprovalBlock, AuditLine, InformationBlock, PlanBlock } from './flexible-detail-blocks.tsx';
import { FlexibleOvertimeModal } from './flexible-overtime-modal.tsx';
import { flexibleViewer, statusNotice } from './flexible-overtime-view.ts';

/** The three reason dialogs (reject, cancel, HR's approval over an overtime limit): texts of each. */
const reasonDialog = (t: typeof overtimeTexts.t, dialog: 'reject' | 'cancel' | 'override', requester: string) =>
  dialog === 'reject'
    ? { title: t('flexible.reject'), label: t('flexible.rejectLabel'), requiredMessage: t('messages.rejectReasonRequired') }
    : dialog === 'cancel'
      ? { title: t('flexible.cancel'), label: t('flexible.cancelLabel'), requiredMessage: t('messages.cancelReasonRequired') }
      : { title: t('fixed.overrideTitle', { name: requester }), label: t('flexible.overrideLabel'), requiredMessage: t('fixed.overrideReasonRequired') };

/**
 * /timesheet/overtime-management/{id} (spec 001 §2.4, §4.6): a header with the actions the viewer may take now
 * (contracts `flexibleActions`, what the server enforces) and Back; the information, plan and actual blocks, created by
 * and last modified, comments and history. An unknown id, or one outside the viewer's scope, is a 404 page.
 */
export function FlexibleOvertimeDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const detail = useFlexibleDetail(valid ? id : null);
  const timeZone = useServerToday().data?.timeZone;
  const command = useFlexibleCommand();
  const [dialog, setDialog] = useState<FlexibleDialog | null>(null);
  const { t } = overtimeTexts.useT();
  const back = () => void navigate(OVERTIME_PAGE);

  if (!valid || (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400))) {
    return (
      <Result
        status="404"
        title={t('flexible.notFound')}
        subTitle={t('messages.notFound')}
        extra={<Button onClick={back}>{t('flexible.back')}</Button>}
        data-testid="flexible-not-found"
      />
    );
  }
  if (!detail.data || !user) return <Spin />;
  const d = detail.data;
  // The server's now when read, moved on by the time the page has been open (the manager's buttons wait for the OT end).
  const now = new Date(Date.parse(d.server_now) + Math.max(0, Date.now() - detail.dataUpdatedAt));
  const actions = flexibleActions(d, flexibleViewer(user), { now, lockDate: d.lock_date });
  const isRequester = d.requester.userId === user.userId;
  const filesEditable = actions.edit || (isRequester && d.statusStored === 0 && d.status === 0);
  // contracts flexibleActions names the confirm item in English ('Edit confirmation' once confirmed, else 'Confirm').
  const confirmLabel = d.statusStored === FLEXIBLE_STATUS.confirmed ? t('flexible.editConfirmation') : t('flexible.confirm');
  // HR and HRM may approve a waiting stage over an overtime limit with a reason (docs/overtime-limits.md); the server
  // refuses it for anyone else and for their own request.
  const mayOverride = hasRole(user, 'HR', 'HRM') && !isRequester && (d.status === FLEXIBLE_STATUS.pendingPm || d.status === FLEXIBLE_STATUS.confirmed);

  /** One action; the answer told as spec 001 §4.6 says (207: first message as success, the rest as warnings). */
  const act = async (body: Omit<FlexibleChangeStatusPayload, 'requestId'>) => {
    try {
      // An approval names the manager stage's step it saw (issue 29): a step decided meanwhile answers 409.
      const step = body.action === 'approve' && d.approval_step ? { approval_step: d.approval_step.step } : {};
      const result = (await command.mutateAsync({ kind: 'status', body: { requestId: d.id, version: d.version, ...step, ...body } })) as ChangeStatusResult;
      const notice = statusNotice(result);
      notifySuccess(notice.success);
      if (notice.warnings.length > 0) notifyWarning(notice.warnings);
      setDialog(null);
    } catch (error) {
      notifyFailure(overtimeTexts.t('messages.updateStatusFailed'), error);
      throw error;
    }
  };
  /** Delegate: the open stage goes to the chosen person (the server's reassignment rule decides who may and to whom). */
  const delegate = async (assignee: number) => {
    try {
      await command.mutateAsync({ kind: 'assignee', id: d.id, body: { data: { assignee }, version: d.version } });
      notifySuccess(overtimeTexts.t('messages.updateAssigneeSuccess'));
      setDialog(null);
    } catch (error) {
      notifyFailure(overtimeTexts.t('messages.updateStatusFailed'), error);
    }
  };
  const approve = () =>
    confirmDialog({
      title: t('flexible.approve'),
      content: t('flexible.approveConfirm', { title: d.title }),
      okText: t('flexible.approve'),
      // A refusal is told by its notice (act): the confirmation closes either way.
      onOk: () => act({ action: 'approve' }).catch(() => undefined),
    });
  const fileAction = async (run: () => Promise<unknown>, success: string) => {
    try {
      await run();
      notifySuccess(success);
      await detail.refetch();
    } catch (error) {
      notifyApiError(error);
    }
  };
  const download = (f: FlexibleFile) => void downloadFlexibleFile(d.id, f).catch(notifyApiError);
  const upload = (file: File) => void fileAction(() => uploadFlexibleFile(d.id, file), overtimeTexts.t('messages.uploadSuccess'));
  const remove = (f: FlexibleFile) =>
    confirmDialog({
      content: t('flexible.deleteFile', { name: f.original_name }),
      danger: true,
      onOk: () => fileAction(() => deleteFlexibleFile(d.id, f.name), overtimeTexts.t('messages.success')),
    });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="flexible-detail">
      <FlexibleDetailActions actions={actions} confirmLabel={confirmLabel} mayOverride={mayOverride} onBack={back} onApprove={approve} onOpen={setDialog} />
      <InformationBlock d={d} filesEditable={filesEditable} onDownload={download} onUpload={upload} onDelete={remove} />
      <PlanBlock d={d} />
      <ActualBlock d={d} timeZone={timeZone} />
      <ApprovalBlock d={d} />
      <AuditLine d={d} timeZone={timeZone} />
      <OvertimeComments requestId={d.id} receiverEmployeeId={d.requester.employeeId} />

      <FlexibleOvertimeModal open={dialog === 'edit'} editId={d.id} onClose={() => setDialog(null)} onSaved={() => void detail.refetch()} />
      {dialog === 'reject' || dialog === 'cancel' || dialog === 'override' ? (
        <ReasonModal
          key={dialog}
          {...reasonDialog(t, dialog, d.requester.name)}
          name={`flexible-${dialog}`}
          saveTestId={`flexible-${dialog}-save`}
          cancelTestId={`flexible-${dialog}-cancel`}
          inputTestId={`flexible-${dialog}-reason-input`}
          pending={command.isPending}
          onSubmit={(reason) => act(dialog === 'override' ? { action: 'approve', overrideReason: reason } : { action: dialog, reason })}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'confirm' ? (
        <FlexibleConfirmModal detail={d} title={confirmLabel} pending={command.isPending} onSubmit={(details) => act({ action: 'confirm', details })} onCancel={() => setDialog(null)} />
      ) : null}
      {dialog === 'delegate' ? (
        <DelegateModal overtimeId={d.id} note={t('flexible.delegateNote')} busy={command.isPending} onSubmit={(u) => void delegate(u)} onClose={() => setDialog(null)} />
      ) : null}
      <HistoryViewer open={dialog === 'history'} title={t('flexible.historyTitle')} entries={d.history as unknown as HistoryEntry[]} onClose={() => setDialog(null)} />
    </Space>
  );
}
