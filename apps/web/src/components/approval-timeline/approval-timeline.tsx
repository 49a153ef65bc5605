import { Alert, Spin, Timeline, Typography } from 'antd';
import { ApiError } from '../../lib/api-error.ts';
import { localizedMessages } from '../../lib/server-messages.ts';
import { useApprovalTimeline } from './approval-timeline-query.ts';
import { timelineView } from './approval-timeline-text.ts';
import { approvalTimelineTexts } from './i18n/index.ts';

/**
 * The Approval section of a request's or an explanation's detail drawer (issue 29): the flow the item follows and
 * each step — who approves, and whether the step waits, decides now, was approved or rejected (by whom, when, with the
 * comment) or was never reached; or that the flow approved it automatically. `requestId`: the request's id, or the
 * explanation's (its row of the requests table); `path`: the timeline of an onsite record or an overtime staff row,
 * answered by its module (the request id is then ignored). Asked when the drawer opens; a failure is said here, not as a
 * notice, so the rest of the drawer stays usable. The test ids are the same in every drawer (one drawer is open at a
 * time).
 */
export function ApprovalTimeline({ requestId, path }: { requestId?: number; path?: string }) {
  const { t } = approvalTimelineTexts.useT();
  const timeline = useApprovalTimeline(requestId ?? null, path);
  const view = timeline.data ? timelineView(timeline.data, t) : null;
  return (
    // Focusable, so the drawer body it lengthens can be scrolled from the keyboard when it holds no button (axe:
    // scrollable-region-focusable, seen on an approved request of staff).
    <section data-testid="request-approval-timeline" aria-busy={timeline.isLoading} tabIndex={0} aria-label={t('approval.title')}>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('approval.title')}
      </Typography.Title>
      {timeline.isLoading ? <Spin size="small" /> : null}
      {timeline.isError ? (
        <Alert type="warning" showIcon title={t('approval.loadFailed')} description={timeline.error instanceof ApiError ? localizedMessages(timeline.error).join(' ') : undefined} />
      ) : null}
      {view ? (
        <>
          {view.flow ? <Typography.Paragraph data-testid="request-approval-flow">{view.flow}</Typography.Paragraph> : null}
          {view.auto ? <Alert type="success" showIcon title={view.auto} style={{ marginBottom: 12 }} data-testid="request-approval-auto" /> : null}
          <Timeline
            items={view.steps.map((s) => ({
              key: s.position,
              color: s.tone,
              content: (
                <div data-testid={`request-approval-step-${s.position}`}>
                  <Typography.Text strong>{s.title}</Typography.Text>
                  <div>{s.approver}</div>
                  <Typography.Text type="secondary" data-testid={`request-approval-decision-${s.position}`}>
                    {s.decision}
                  </Typography.Text>
                  {s.comment ? <div style={{ whiteSpace: 'pre-wrap' }}>{s.comment}</div> : null}
                </div>
              ),
            }))}
          />
        </>
      ) : null}
    </section>
  );
}
