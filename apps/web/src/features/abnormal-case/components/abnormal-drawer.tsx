import { useState } from 'react';
import { Button, Descriptions, Drawer, Space } from 'antd';
import { REQUEST_TEXT_MAX } from '@tms/contracts/requests';
import { CaseStatusTag } from './case-status-tag.tsx';
import { ApprovalTimeline } from '../../../components/approval-timeline/approval-timeline.tsx';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { formatDmy, formatIsoDate } from '../../../lib/dates.ts';
import { notifyApiError, notifyError, notifyFailure, notifySuccess } from '../../../lib/notify.ts';
import { useActualOptions, useDelegateAbnormal, useRerunAbnormal, useUpdateAbnormalStatus, type AbnormalCaseRow } from '../api/abnormal-case-api.ts';
import { abnormalActions, absentTimeText, rowTypeText, displayStatus, staffText, workScheduleText, type Caller } from '../abnormal-case-rules.ts';
import { abnormalCaseTexts } from '../i18n/index.ts';
import { DelegateModal } from './delegate-modal.tsx';

/** Spec 001 §8: "Failed to update status!" on a status or delegate failure, with the server's reason under it. */
const notifyStatusFailed = (error: unknown) => notifyFailure(abnormalCaseTexts.t('messages.updateStatusFailed'), error);

type AbnormalDrawerProps = {
  row: AbnormalCaseRow;
  user: Caller | undefined;
  onExplain: () => void;
  /** After a status change the drawer closes and the list reloads (spec 001 §4.3). */
  onClose: () => void;
};

/**
 * The detail drawer of a case (30 %) with Explain, Approve, Reject, Delegate and Rerun (spec 001 §2.5, §4.3); once the
 * case is explained, its explanation's approval steps (issue 29).
 */
export function AbnormalDrawer({ row, user, onExplain, onClose }: AbnormalDrawerProps) {
  const { t } = abnormalCaseTexts.useT();
  const actions = abnormalActions(row, user);
  const [modal, setModal] = useState<'reject' | 'delegate' | null>(null);
  const status = useUpdateAbnormalStatus();
  const delegate = useDelegateAbnormal();
  const rerun = useRerunAbnormal();
  const shown = displayStatus(row);
  const actualChoices = useActualOptions(!row.is_flexible, !!row.request?.actual);
  const actualText = row.request?.actual ? (actualChoices.data?.find((o) => o.value === row.request?.actual)?.label ?? row.request.actual) : '';

  /** After an approve, reject or delegate call: the spec's failure notice (modal stays open), or success and close. */
  const changed = async (call: Promise<unknown>) => {
    try {
      await call;
    } catch (error) {
      notifyStatusFailed(error);
      throw error;
    }
    notifySuccess(abnormalCaseTexts.t('messages.updateStatusSuccess'));
    setModal(null);
    onClose();
  };

  const approve = () =>
    confirmDialog({
      content: t('drawer.approveConfirm'),
      okText: t('drawer.yes'),
      cancelText: t('drawer.no'),
      onOk: () => changed(status.mutateAsync({ caseId: row.id, status: 3 })),
    });

  const reject = (reason: string) => changed(status.mutateAsync({ caseId: row.id, status: 4, reason }));

  const doDelegate = async (assignee: number) => {
    if (!row.request) {
      notifyError(abnormalCaseTexts.t('messages.noRequestCreated'));
      return;
    }
    await changed(delegate.mutateAsync({ requestId: row.request.id, assignee }));
  };

  const doRerun = () =>
    confirmDialog({
      content: t('drawer.rerunConfirm', { date: formatDmy(row.abnormal_date), name: row.employee.name ?? '' }),
      okText: t('drawer.yes'),
      cancelText: t('drawer.no'),
      onOk: async () => {
        try {
          await rerun.mutateAsync({ date: formatIsoDate(row.abnormal_date), employee: row.employee.id });
        } catch (error) {
          notifyApiError(error);
          throw error;
        }
        notifySuccess(abnormalCaseTexts.t('messages.success'));
        onClose();
      },
    });

  return (
    <Drawer
      open
      title={t('drawer.heading')}
      size="30%"
      placement="right"
      onClose={onClose}
      data-testid="abnormal-drawer"
      extra={
        <Space wrap>
          {actions.explain ? (
            <Button type="primary" onClick={onExplain} data-testid="abnormal-explain">
              {t('drawer.explain')}
            </Button>
          ) : null}
          {actions.approve ? (
            <Button type="primary" onClick={approve} disabled={actions.approveDisabled} data-testid="abnormal-approve">
              {t('drawer.approve')}
            </Button>
          ) : null}
          {actions.reject ? (
            <Button onClick={() => setModal('reject')} data-testid="abnormal-reject">
              {t('drawer.reject')}
            </Button>
          ) : null}
          {actions.delegate ? (
            <Button onClick={() => setModal('delegate')} data-testid="abnormal-delegate">
              {t('drawer.delegate')}
            </Button>
          ) : null}
          {actions.rerun ? (
            <Button onClick={doRerun} loading={rerun.isPending} data-testid="abnormal-rerun">
              {t('drawer.rerun')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('columns.staff')}>{staffText(row)}</Descriptions.Item>
        <Descriptions.Item label={t('columns.abnormalDate')}>{formatDmy(row.abnormal_date)}</Descriptions.Item>
        <Descriptions.Item label={t('columns.workSchedule')}>{workScheduleText(row)}</Descriptions.Item>
        <Descriptions.Item label={t('columns.abnormalType')}>{rowTypeText(row, t)}</Descriptions.Item>
        <Descriptions.Item label={t('columns.checkIn')}>{row.check_in ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('columns.checkOut')}>{row.check_out ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('columns.absentMinutes')}>{absentTimeText(row, t)}</Descriptions.Item>
        <Descriptions.Item label={t('columns.status')}>
          <span data-testid="abnormal-drawer-status"><CaseStatusTag status={shown.status} expired={shown.expired} /></span>
        </Descriptions.Item>
        <Descriptions.Item label={t('drawer.assignee')}>{row.assignee?.name ?? row.assignee?.user_name ?? ''}</Descriptions.Item>
        {row.request ? (
          <>
            <Descriptions.Item label={t('drawer.title')}>{row.request.title ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('drawer.actual')}>{actualText}</Descriptions.Item>
            <Descriptions.Item label={t('drawer.explanationReason')}>{row.request.description ?? ''}</Descriptions.Item>
            {row.request.reasons_for_rejection ? <Descriptions.Item label={t('drawer.rejection')}>{row.request.reasons_for_rejection}</Descriptions.Item> : null}
          </>
        ) : null}
      </Descriptions>
      {row.request ? <ApprovalTimeline requestId={row.request.id} /> : null}
      {modal === 'reject' ? (
        // Spec 001 §4.3, §5.4: "Reason is required!".
        <ReasonModal
          title={t('drawer.rejectTitle')}
          requiredMessage={t('messages.abnormalReasonRequired')}
          inputMaxLength={REQUEST_TEXT_MAX + 1}
          okText={t('drawer.reject')}
          name="abnormal-reject"
          saveTestId="abnormal-reject-save"
          cancelTestId="abnormal-reject-cancel"
          inputTestId="abnormal-reject-reason"
          pending={status.isPending}
          onSubmit={reject}
          onCancel={() => setModal(null)}
        />
      ) : null}
      {modal === 'delegate' && row.request ? <DelegateModal requestId={row.request.id} pending={delegate.isPending} onSubmit={doDelegate} onClose={() => setModal(null)} /> : null}
    </Drawer>
  );
}
