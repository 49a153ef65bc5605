import { useState } from 'react';
import { Button, Space, Table, Tooltip, Typography } from 'antd';
import { FIXED_STAFF_STATUS as S } from '@tms/contracts/overtime';
import type { FixedActions, FixedStaff } from '@tms/contracts/overtime-fixed';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatHours } from '../../../lib/numbers.ts';
import { approvalTimelineTexts } from '../../../components/approval-timeline/i18n/index.ts';
import { overtimeTexts } from '../i18n/index.ts';
import { fixedStatusLabel } from '../overtime-labels.ts';
import { FIXED_STATUS_COLORS, rowApproverNote, rowStepLabel } from './fixed-overtime-view.ts';
import { FixedRowTimeline } from './fixed-row-timeline.tsx';
import { personText } from '../../../lib/person-text.ts';

export type StaffAction = { kind: 'approve' | 'reject' | 'withdraw' | 'override'; staff: FixedStaff };

type FixedStaffTableProps = {
  /** The request's id (a row's approval timeline). */
  requestId: number;
  staff: readonly FixedStaff[];
  actions: FixedActions;
  onAction: (a: StaffAction) => void;
  busy: boolean;
  /** The request's one approver (the header names them); a row names only an approver that differs. */
  assigneeId: number | null;
  /** The viewer's own pending row on a request they decide: its Approve / Reject shown disabled, with the reason. */
  blockedOwnRow: number | null;
  /** HR or HRM: a pending row may be approved over an overtime limit with a reason (issue 27 §2). */
  mayOverride?: boolean;
};

/** The staff of a fixed request with their shown status (Expired derived) and the per-row actions of spec 001 §4.5. */
export function FixedStaffTable({ requestId, staff, actions, onAction, busy, assigneeId, blockedOwnRow, mayOverride }: FixedStaffTableProps) {
  const { t } = overtimeTexts.useT();
  const { t: flowT } = approvalTimelineTexts.useT();
  // Issue 29: the row whose approval steps are shown (each staff row follows its own flow, or the single step).
  const [timelineOf, setTimelineOf] = useState<FixedStaff | null>(null);
  const differs = staff.some((s) => rowApproverNote(s, assigneeId, flowT) !== null);
  return (
    <>
      <Table<FixedStaff>
        size="small"
        rowKey="employee_id"
        pagination={false}
        dataSource={[...staff]}
        data-testid="fixed-ot-staff-table"
        onRow={(s) => ({ 'data-testid': `fixed-ot-staff-${s.employee.user_name}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('fixed.staff.staff'),
            key: 'name',
            render: (_v, s) => (
              <>
                {personText(s.employee.name, s.employee.user_name)}
                {s.limit_override_reason ? (
                  <Typography.Text type="warning" style={{ display: 'block' }} data-testid="fixed-ot-row-override-reason">
                    {t('fixed.staff.overrideReason', { reason: s.limit_override_reason })}
                  </Typography.Text>
                ) : null}
              </>
            ),
          },
          {
            title: t('fixed.staff.status'),
            key: 'status',
            render: (_v, s) => (
              <>
                <Tooltip title={s.reject_reason ? t('fixed.staff.reason', { reason: s.reject_reason }) : s.decided_date ? formatDateTime(s.decided_date) : undefined}>
                  <span>
                    <StatusTag label={rowStepLabel(s, flowT) ?? fixedStatusLabel(t, s.shown_status, s.status_text)} color={FIXED_STATUS_COLORS[s.shown_status] ?? 'default'} />
                  </span>
                </Tooltip>
                <Button size="small" type="link" onClick={() => setTimelineOf(s)} data-testid="fixed-ot-row-approval" aria-label={`${flowT('approval.title')}: ${s.employee.name}`}>
                  {flowT('approval.title')}
                </Button>
              </>
            ),
          },
          ...(differs ? [{ title: t('fixed.staff.approver'), key: 'approver', render: (_v: unknown, s: FixedStaff) => rowApproverNote(s, assigneeId, flowT) ?? '' }] : []),
          { title: t('fixed.staff.actual'), key: 'actual', render: (_v, s) => formatHours(s.total_time_actual) },
          {
            title: t('fixed.staff.actions'),
            key: 'actions',
            render: (_v, s) => {
              if (s.employee_id === blockedOwnRow) return <OwnRowBlocked />;
              const row = actions.rows[String(s.employee_id)];
              if (!row) return null;
              return (
                <Space size={0}>
                  {row.approve ? (
                    <Button size="small" type="link" disabled={busy} onClick={() => onAction({ kind: 'approve', staff: s })} data-testid="fixed-ot-row-approve">
                      {t('fixed.staff.approve')}
                    </Button>
                  ) : null}
                  {row.reject ? (
                    <Button size="small" type="link" danger disabled={busy} onClick={() => onAction({ kind: 'reject', staff: s })} data-testid="fixed-ot-row-reject">
                      {t('fixed.staff.reject')}
                    </Button>
                  ) : null}
                  {mayOverride && s.shown_status === S.pending && s.employee_id !== blockedOwnRow ? (
                    <Button size="small" type="link" disabled={busy} onClick={() => onAction({ kind: 'override', staff: s })} data-testid="fixed-ot-row-override">
                      {t('fixed.staff.override')}
                    </Button>
                  ) : null}
                  {row.withdraw ? (
                    <Button size="small" type="link" disabled={busy} onClick={() => onAction({ kind: 'withdraw', staff: s })} data-testid="fixed-ot-row-withdraw">
                      {t('fixed.staff.withdraw')}
                    </Button>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />
      {timelineOf ? <FixedRowTimeline requestId={requestId} staff={timelineOf} onClose={() => setTimelineOf(null)} /> : null}
    </>
  );
}

/** Approve / Reject of the viewer's own row, disabled with the server's reason (RULES.md §5). */
function OwnRowBlocked() {
  const { t } = overtimeTexts.useT();
  return (
    <Tooltip title={t('fixed.staff.ownRow')}>
      <Space size={0} data-testid="fixed-ot-row-own">
        <Button size="small" type="link" disabled>
          {t('fixed.staff.approve')}
        </Button>
        <Button size="small" type="link" danger disabled>
          {t('fixed.staff.reject')}
        </Button>
      </Space>
    </Tooltip>
  );
}
