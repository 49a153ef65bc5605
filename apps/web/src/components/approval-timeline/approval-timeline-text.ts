import { APPROVER_RULES, TIMELINE_DECISIONS, type ApprovalPerson, type ApprovalTimeline, type ApprovalTimelineStep, type ApproverRule, type TimelineDecision } from '@tms/contracts/approval-flows';
import { DATE_DMY, parseServerDate, TIME_HM } from '../../lib/dates.ts';
import { approvalTimelineTexts, type ApprovalTimelineT } from './i18n/index.ts';

/**
 * Issue 29: the steps of the Approval section of a request's or an explanation's detail, in the language on screen
 * when called (`t`: a component's, else the language at call time).
 */

const isRule = (rule: string): rule is ApproverRule => (APPROVER_RULES as readonly string[]).includes(rule);
const isDecision = (decision: string): decision is TimelineDecision => (TIMELINE_DECISIONS as readonly string[]).includes(decision);
const nameOf = (person: Pick<ApprovalPerson, 'name' | 'username'> | null | undefined) => person?.name || person?.username || '';

/** A decision's time as the drawer shows it: DD/MM/YYYY HH:mm in the browser's time. */
export const decidedAtText = (at: string | null | undefined) => parseServerDate(at)?.format(`${DATE_DMY} ${TIME_HM}`) ?? '';

export type TimelineTone = 'green' | 'red' | 'blue' | 'gray';
export type TimelineStepView = { position: number; title: string; approver: string; decision: string; tone: TimelineTone; comment: string | null };

const TONES: Record<TimelineDecision, TimelineTone> = { WAITING: 'gray', CURRENT: 'blue', APPROVED: 'green', REJECTED: 'red', CLOSED: 'gray' };

/**
 * One step of the timeline: 'Step 2 of 3: Division lead', its approver, and its state — waiting, the step deciding now
 * ('Current — waiting for X'), approved or rejected by whom and when, or never reached. The single step of a request
 * that followed no flow (no rule) is titled 'Approver'.
 */
export function timelineStepView(step: ApprovalTimelineStep, count: number, t: ApprovalTimelineT = approvalTimelineTexts.t): TimelineStepView {
  // A ROLE step names no one until one of its role decides: 'Anyone: HR manager'.
  const pool = step.role ? t('approval.anyoneOf', { role: t(`approval.poolRoles.${step.role}`) }) : null;
  const approver = nameOf(step.approver) || pool || t('approval.nobody');
  const title = step.rule === null ? t('approval.approver') : t('approval.step', { n: step.position, count, rule: isRule(step.rule) ? t(`approval.rules.${step.rule}`) : step.rule });
  const by = nameOf(step.decided_by) || nameOf(step.approver);
  const at = decidedAtText(step.decided_at);
  let decision: string;
  if (!isDecision(step.decision)) decision = step.decision;
  else if (step.decision === 'CURRENT') decision = t('approval.decisions.CURRENT', { name: approver });
  else if (step.decision === 'APPROVED' || step.decision === 'REJECTED') decision = t(`approval.decisions.${step.decision}`, { name: by, at }).trim();
  else decision = t(`approval.decisions.${step.decision}`);
  return { position: step.position, title, approver, decision, tone: isDecision(step.decision) ? TONES[step.decision] : 'gray', comment: step.comment ? t('approval.comment', { text: step.comment }) : null };
}

export type TimelineView = { flow: string | null; auto: string | null; steps: TimelineStepView[] };

/** The Approval section: the flow followed (none for the single step), the automatic approval, and every step in order. */
export function timelineView(timeline: ApprovalTimeline, t: ApprovalTimelineT = approvalTimelineTexts.t): TimelineView {
  const name = timeline.flow_name;
  const steps = [...timeline.steps].sort((a, b) => a.position - b.position);
  const count = Math.max(timeline.step_count, steps.length);
  return {
    flow: name && !timeline.auto_approved ? t('approval.flow', { name }) : null,
    auto: timeline.auto_approved ? t('approval.autoApproved', { name: name ?? '' }) : null,
    steps: steps.map((s) => timelineStepView(s, count, t)),
  };
}
