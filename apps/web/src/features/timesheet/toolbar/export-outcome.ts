import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';

/**
 * What an export answer means to the user (spec 001 §8): a non-empty file is saved; an empty or JSON answer is
 * 'No data export'; a failure shows the server's text, else 'Server Time Out!' (no answer, a proxy's page).
 */
export type ExportAnswer = {
  /** HTTP 2xx. */
  ok: boolean;
  status: number;
  /** The answer's Content-Type is JSON. */
  isJson: boolean;
  /** The decoded JSON body, when JSON. */
  json?: unknown;
  /** Bytes of the body. */
  size: number;
};

export type ExportOutcome = { kind: 'file' } | { kind: 'error'; messages: string[] };

const textsOf = (json: unknown): string[] => {
  const body = (json && typeof json === 'object' ? json : {}) as { message?: unknown; messages?: unknown; errorMessage?: unknown };
  const list = Array.isArray(body.messages) ? body.messages.filter((m): m is string => typeof m === 'string' && m.trim() !== '') : [];
  if (list.length > 0) return list;
  for (const single of [body.errorMessage, body.message]) if (typeof single === 'string' && single.trim() !== '') return [single];
  return [];
};

export function exportOutcome(answer: ExportAnswer, t: TimesheetT = timesheetTexts.t): ExportOutcome {
  if (answer.ok) return !answer.isJson && answer.size > 0 ? { kind: 'file' } : { kind: 'error', messages: [t('toolbar.export.noData')] };
  const texts = answer.isJson ? textsOf(answer.json) : [];
  return { kind: 'error', messages: texts.length > 0 ? texts : [t('toolbar.export.timeout')] };
}

/** A call that never got an answer (connection lost, gateway gave up), in the language of the moment it settled. */
export function noAnswer(t: TimesheetT = timesheetTexts.t): ExportOutcome {
  return { kind: 'error', messages: [t('toolbar.export.timeout')] };
}
