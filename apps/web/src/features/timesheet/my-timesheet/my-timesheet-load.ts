import { ApiError, isAbortError } from '../../../lib/api-error.ts';
import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';

export type LoadFailure = {
  /** Lines of the failure notice; null when no notice is due. */
  notice: string[] | null;
  /** 404: the employee or period is outside the caller's scope or unknown (RULES.md §3) — an empty state only. */
  notFound: boolean;
};

function hasServerMessage(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as { message?: unknown; messages?: unknown };
  return (typeof b.message === 'string' && b.message.length > 0) || (Array.isArray(b.messages) && b.messages.length > 0);
}

/**
 * What a failed My Timesheet load shows (spec 001 §8): the server's message(s) as a notice, or
 * "Fail to get User Timesheet Data" when the server gave none; nothing for a cancelled call, the 401 that ended the
 * session, or a 404.
 */
export function loadFailure(error: unknown, t: TimesheetT = timesheetTexts.t): LoadFailure {
  if (!error || isAbortError(error)) return { notice: null, notFound: false };
  if (error instanceof ApiError) {
    if (error.status === 404) return { notice: null, notFound: true };
    if (error.sessionExpired) return { notice: null, notFound: false };
    if (hasServerMessage(error.body)) return { notice: error.messages, notFound: false };
  }
  return { notice: [t('my.loadFailed')], notFound: false };
}
