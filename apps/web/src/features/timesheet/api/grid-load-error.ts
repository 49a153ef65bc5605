import { TIMESHEET_GRID_MESSAGES } from '@tms/contracts/timesheet-grid';
import { ApiError, isAbortError } from '../../../lib/api-error.ts';

/**
 * The notice of a failed grid load (spec 001 §8): the server's message(s) when it sent any, else
 * 'Fail to get Timesheet Data'. Null when nothing is to be shown (cancelled, or the 401 that ended the session).
 */
export function gridLoadErrorText(error: unknown): string[] | null {
  if (isAbortError(error)) return null;
  if (error instanceof ApiError) {
    if (error.sessionExpired) return null;
    const body = (error.body && typeof error.body === 'object' ? error.body : {}) as { message?: unknown; messages?: unknown; errorMessage?: unknown };
    const fromServer = typeof body.message === 'string' || typeof body.errorMessage === 'string' || Array.isArray(body.messages);
    return fromServer ? error.messages : [TIMESHEET_GRID_MESSAGES.loadFailed];
  }
  return [TIMESHEET_GRID_MESSAGES.loadFailed];
}
