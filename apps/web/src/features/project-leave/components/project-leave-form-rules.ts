import { checkAttachment, checkLeaveDay } from '@tms/contracts/project-leave';
import { localizeNumberText } from '../../../lib/numbers.ts';
import { en } from '../i18n/en.ts';
import { projectLeaveTexts } from '../i18n/index.ts';

/**
 * The project leave form's rules (spec 000 §5), mirroring the server's check (project-leave.validation.ts) with the
 * same texts from contracts, in the language read when the rule runs. Each check returns the message of the first
 * failing rule, or null.
 */

const { t } = projectLeaveTexts;

/** A contracts check's message (the spec's English, which en.ts holds) in the reader's language. */
function localized(message: string): string {
  const key = (Object.keys(en.rules) as (keyof typeof en.rules)[]).find((k) => en.rules[k] === message);
  return key ? t(`rules.${key}`) : message;
}

export { applyDateError, expireDateError, isApplyDateDisabled, isExpireDateDisabled, staffError, type GrantLimits } from '../../../components/grant-form-rules.ts';

/** Set when editing: days already used, and whether the row was applied on or before the lock date. */
export type EditedGrant = { usedDays: number; locked: boolean };

export function projectError(projectId: unknown): string | null {
  return typeof projectId === 'number' && projectId > 0 ? null : t('rules.projectRequired');
}

/** Required; a number; above 0 and at most 31; at most 3 decimals; when editing, not below the days used. */
export function leaveDayError(value: unknown, edited?: EditedGrant): string | null {
  const days = checkLeaveDay(value);
  if (typeof days === 'string') return localized(days);
  if (edited && Math.round(days * 1000) < Math.round(edited.usedDays * 1000)) return t('rules.leaveDayBelowUsed', { days: localizeNumberText(String(edited.usedDays)) });
  return null;
}

/** The first attachment rule a newly chosen file breaks (extension, then 5 MB), or null; kept files were checked. */
export function filesError(files: readonly { name: string; size?: number; originFileObj?: unknown }[] | undefined): string | null {
  for (const file of files ?? []) {
    if (!file.originFileObj) continue;
    const message = checkAttachment({ name: file.name, size: file.size ?? 0 });
    if (message) return localized(message);
  }
  return null;
}
