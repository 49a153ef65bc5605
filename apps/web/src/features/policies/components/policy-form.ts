import dayjs, { type Dayjs } from 'dayjs';
import type { SelfCheckInMode } from '@tms/contracts/self-check-in';
import {
  EXPLANATION_LABELS,
  POLICY_LINK_MAX,
  explanationFieldRule,
  policyDateRules,
  isHttpLink,
  ruleTypeMismatch,
  ruleTypeOfScheduleType,
  type ExplanationField,
  type PolicyRow,
} from '@tms/contracts/policies';
import { formatDmy } from '../../../lib/dates.ts';
import { policiesTexts } from '../i18n/index.ts';

/** The rules' messages in the language on screen when the rule runs (the contract's checks speak English). */
const t = policiesTexts.t;

/** The staff / department policy modal's values (spec 002 §5 Staff policy modal). */
export type PolicyFormValues = {
  usernames?: string[];
  department_ids?: number[];
  work_schedule_code?: string;
  rule_type?: string;
  explanation_number?: string | number;
  refund_hours_per_explanation?: string | number;
  explanation_time_per_days?: string | number;
  lack_of_time_allowed?: number | string | null;
  ot_type?: string;
  url_policy?: string;
  apply_date?: Dayjs | null;
  expire_date?: Dayjs | null;
  /** Issue 28: who may self check in under this policy, and where. */
  self_check_in_mode?: SelfCheckInMode;
  self_check_in_place_ids?: number[];
};

export const EXPLANATION_FIELDS = Object.keys(EXPLANATION_LABELS) as ExplanationField[];

/** The message of an explanation field's first broken rule (the contract's rule, the same as the server's), by its key. */
export function explanationMessage(field: ExplanationField, value: unknown): string | null {
  const rule = explanationFieldRule(field, value);
  switch (rule) {
    case null:
      return null;
    case 'required':
      return t('messages.required', { label: t(`explanationNames.${field}`) });
    case 'invalidDuration':
      return t('messages.invalidDuration');
    default:
      return t(`messages.${rule}`, { label: t(`explanation.${field}`) });
  }
}

/** The Work Schedule Type rule: it follows the schedule's type (RULES.md §4; the server refuses a mismatch the same way). */
export function ruleTypeMessage(ruleType: string, schedule: { work_schedule_code: string; work_schedule_type: string }): string | null {
  if (ruleTypeMismatch(ruleType, schedule) === null) return null;
  return t('messages.ruleTypeMismatch', { value: ruleType, code: schedule.work_schedule_code, expected: ruleTypeOfScheduleType(schedule.work_schedule_type) });
}

/** Policy Link: required, at most 1500, an http(s) link. */
export function linkMessage(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return t('messages.linkRequired');
  if (value.length > POLICY_LINK_MAX) return t('messages.linkTooLong');
  return isHttpLink(value) ? null : t('messages.linkInvalid');
}

const iso = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * The date rules of the modal for one field: apply ≤ expire, apply after the lock date (unless the apply date is
 * locked and kept, an edit), expire ≥ apply and ≥ today. `field` picks the messages that belong under that field.
 */
export function dateMessages(
  field: 'apply_date' | 'expire_date',
  apply: Dayjs | null | undefined,
  expire: Dayjs | null | undefined,
  ctx: { lockDate: Dayjs | null; today: Dayjs | null; keptLockedApply?: boolean },
): string | null {
  const value = field === 'apply_date' ? apply : expire;
  if (!value) return field === 'apply_date' ? t('messages.applyRequired') : t('messages.expireRequired');
  if (!apply || !expire) return null;
  const broken = policyDateRules(iso(apply), iso(expire), {
    lockDate: ctx.lockDate ? iso(ctx.lockDate) : null,
    today: ctx.today ? iso(ctx.today) : '0000-01-01',
    keptLockedApply: ctx.keptLockedApply,
  }).find((r) => r.field === field);
  switch (broken?.rule) {
    case undefined:
      return null;
    case 'applyAfterExpire':
      return t('messages.applyAfterExpire');
    case 'expireBeforeApply':
      return t('messages.expireBeforeApply');
    case 'applyLocked':
      return t('messages.applyLocked', { date: formatDmy(ctx.lockDate) });
    case 'expirePast':
      return t('messages.expirePast', { date: formatDmy(ctx.today) });
  }
}

/** The request body of the modal's values (dates YYYY-MM-DD). */
export function toPolicyBody(v: PolicyFormValues): Record<string, unknown> {
  return {
    work_schedule_code: v.work_schedule_code,
    rule_type: v.rule_type,
    explanation_number: String(v.explanation_number ?? '').trim(),
    refund_hours_per_explanation: String(v.refund_hours_per_explanation ?? '').trim(),
    explanation_time_per_days: String(v.explanation_time_per_days ?? '').trim(),
    lack_of_time_allowed: v.lack_of_time_allowed === null || v.lack_of_time_allowed === undefined ? '' : Number(v.lack_of_time_allowed),
    ot_type: v.ot_type,
    url_policy: v.url_policy?.trim(),
    apply_date: v.apply_date ? iso(v.apply_date) : undefined,
    expire_date: v.expire_date ? iso(v.expire_date) : undefined,
    ...(v.self_check_in_mode
      ? { self_check_in_mode: v.self_check_in_mode, self_check_in_place_ids: v.self_check_in_mode === 'LISTED_PLACES' ? (v.self_check_in_place_ids ?? []) : [] }
      : {}),
  };
}

/** The modal's values of an existing row (edit), or the prefill of Set Policy from the selected staff's policy. */
export function valuesOfRow(row: PolicyRow | null | undefined): PolicyFormValues {
  if (!row) return { expire_date: dayjs('9999-12-30'), self_check_in_mode: 'OFF', self_check_in_place_ids: [] };
  return {
    work_schedule_code: row.work_schedule_code ?? undefined,
    rule_type: row.rule_type ?? undefined,
    explanation_number: row.explanation_number ?? undefined,
    refund_hours_per_explanation: row.refund_hours_per_explanation ?? undefined,
    explanation_time_per_days: row.explanation_time_per_days ?? undefined,
    lack_of_time_allowed: row.lack_of_time_allowed,
    ot_type: row.ot_type ?? undefined,
    url_policy: row.url_policy ?? undefined,
    apply_date: row.apply_date ? dayjs(row.apply_date) : null,
    expire_date: row.expire_date ? dayjs(row.expire_date) : null,
    self_check_in_mode: row.self_check_in_mode ?? 'OFF',
    self_check_in_place_ids: row.self_check_in_place_ids ?? [],
  };
}
