import { Button, Checkbox, Descriptions, Space, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import type { FixedDetail } from '@tms/contracts/overtime-fixed';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import { overtimeTexts } from '../i18n/index.ts';
import { dateTypeLabel, fixedTagLabel, fixedTypeLabel } from '../overtime-labels.ts';
import { approvalTimelineTexts } from '../../../components/approval-timeline/i18n/index.ts';
import { FIXED_TAG_COLORS, requestApproverText } from './fixed-overtime-view.ts';
import type { FixedOvertimeDecisions } from './use-fixed-overtime-decisions.ts';
import { personText } from '../../../lib/person-text.ts';

type FixedDrawerButtonsProps = { d: FixedDetail; decisions: FixedOvertimeDecisions; onEdit: (id: number) => void; onHistory: () => void };

/** The tag, then Approve All / Reject All (approvers), Edit / Withdraw (the creator), Delegate, History. */
export function FixedDrawerButtons({ d, decisions, onEdit, onHistory }: FixedDrawerButtonsProps) {
  const { actions, busy, setReason } = decisions;
  const { t } = overtimeTexts.useT();
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <StatusTag label={fixedTagLabel(t, d.tag.kind, d.staff.map((s) => s.shown_status))} color={FIXED_TAG_COLORS[d.tag.kind]} />
      {decisions.isApprover ? (
        <>
          <Button type="primary" disabled={!actions.approveAll || busy} onClick={decisions.approveAll} data-testid="fixed-ot-approve-all">
            {t('fixed.approveAll')}
          </Button>
          <Button danger disabled={!actions.rejectAll || busy} onClick={() => setReason({ kind: 'rejectAll' })} data-testid="fixed-ot-reject-all">
            {t('fixed.rejectAll')}
          </Button>
        </>
      ) : null}
      {decisions.isCreator ? (
        <>
          <Button disabled={!actions.edit || busy} onClick={() => onEdit(d.id)} data-testid="fixed-ot-edit">
            {t('fixed.edit')}
          </Button>
          <Button danger disabled={!actions.withdraw || busy} onClick={() => setReason({ kind: 'withdrawAll' })} data-testid="fixed-ot-withdraw">
            {t('fixed.withdraw')}
          </Button>
        </>
      ) : null}
      {/* Shown only where the server's reassignment rule lets this user move the request now. */}
      {actions.delegate ? (
        <Button disabled={busy} onClick={() => decisions.setDelegating(true)} data-testid="fixed-ot-delegate">
          {t('fixed.delegate')}
        </Button>
      ) : null}
      <Button icon={<HistoryOutlined />} onClick={onHistory} aria-label={t('fixed.history')} />
    </Space>
  );
}

/** The offset-day choice, for an approver while something is left to approve. */
export function FixedOffsetChoice({ decisions }: { decisions: FixedOvertimeDecisions }) {
  const { actions } = decisions;
  const { t } = overtimeTexts.useT();
  if (!decisions.isApprover || !(actions.approveAll || Object.values(actions.rows).some((r) => r.approve))) return null;
  return (
    <div style={{ marginBottom: 8 }}>
      <Checkbox checked={decisions.offset} onChange={(e) => decisions.setOffset(e.target.checked)} data-testid="fixed-ot-offset">
        {t('fixed.offset')}
      </Checkbox>
    </div>
  );
}

export function FixedOvertimeSummary({ d }: { d: FixedDetail }) {
  const { t } = overtimeTexts.useT();
  const { t: flowT } = approvalTimelineTexts.useT();
  const time = `${d.start_time.slice(11, 16)} - ${d.end_time.slice(11, 16)}`;
  const nextDay = d.end_time.slice(0, 10) !== d.start_time.slice(0, 10);
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t('fixed.summary.title')}>{d.title}</Descriptions.Item>
      <Descriptions.Item label={t('fixed.summary.project')}>{`${d.project_code} - ${d.project_name}`}</Descriptions.Item>
      <Descriptions.Item label={t('fixed.summary.otDate')}>{`${formatDmy(d.ot_date)} (${dateTypeLabel(t, d.category)})`}</Descriptions.Item>
      <Descriptions.Item label={t('fixed.summary.otTime')}>{nextDay ? t('time.nextDay', { start: d.start_time.slice(11, 16), end: d.end_time.slice(11, 16) }) : time}</Descriptions.Item>
      <Descriptions.Item label={t('fixed.summary.otType')}>{fixedTypeLabel(t, d.ot_type)}</Descriptions.Item>
      <Descriptions.Item label={t('fixed.summary.approver')}>{requestApproverText(d, flowT)}</Descriptions.Item>
      <Descriptions.Item label={t('fixed.summary.createdBy')}>{d.creator ? personText(d.creator.name, d.creator.user_name) : ''}</Descriptions.Item>
      <Descriptions.Item label="CC">{d.mailList.map((c) => c.name).join(', ')}</Descriptions.Item>
      <Descriptions.Item label={t('fixed.summary.description')}>
        <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{d.description ?? ''}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('fixed.summary.paidByOffset')}>{d.is_ot_paid_by_offset_day ? t('fixed.summary.yes') : t('fixed.summary.no')}</Descriptions.Item>
      {d.reject_all_reason ? <Descriptions.Item label={t('fixed.summary.rejectReason')}>{d.reject_all_reason}</Descriptions.Item> : null}
      {d.withdraw_reason ? <Descriptions.Item label={t('fixed.summary.withdrawReason')}>{d.withdraw_reason}</Descriptions.Item> : null}
      <Descriptions.Item label={t('fixed.summary.lastModified')}>{formatDateTime(d.last_modified_date)}</Descriptions.Item>
    </Descriptions>
  );
}
