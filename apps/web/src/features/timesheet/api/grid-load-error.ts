import { ApiError, isAbortError } from '../../../lib/api-error.ts';
import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';

/**
 * The notice of a failed grid load (spec 001 §8): the server's message(s) when it sent any, else
 * 'Fail to get Timesheet Data'. Null when nothing is to be shown (cancelled, or the 401 that ended the session).
 */
export function gridLoadErrorText(error: unknown, t: TimesheetT = timesheetTexts.t): string[] | null {
  if (isAbortError(error)) return null;
  if (error instanceof ApiError) {
    if (error.sessionExpired) return null;
    const body = (error.body && typeof error.body === 'object' ? error.body : {}) as { message?: unknown; messages?: unknown; errorMessage?: unknown };
    const fromServer = typeof body.message === 'string' || typeof body.errorMessage === 'string' || Array.isArray(body.messages);
    return fromServer ? error.messages : [t('list.loadFailed')];
  }
  return [t('list.loadFailed')];
}
