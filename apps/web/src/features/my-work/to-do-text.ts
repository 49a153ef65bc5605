import { measuresAbsence } from '@tms/contracts/abnormal-case';
import type { ToDoItem } from '@tms/contracts/my-work';
import { formatDmy } from '../../lib/dates.ts';
import { formatCount } from '../../lib/numbers.ts';
import { myWorkTexts } from './i18n/index.ts';

type MyWorkT = typeof myWorkTexts.t;
const REASON_CODES = new Set(['1', '2', '3', '4', '5', '6', 'FLEXIBLE_ABSENT']);

/** The case type in the reader's language (an unknown code as stored). */
export function toDoReasonText(code: string, t: MyWorkT = myWorkTexts.t): string {
  return REASON_CODES.has(code) ? t(`toDo.reasons.${code}` as Parameters<MyWorkT>[0]) : code;
}

/**
 * One unexplained case as a line: "27/10/2026 — Late coming (43 min)". A missing punch measures no minutes, so its
 * line names the case alone: "(0 min)" would read as if nothing were missing.
 */
export function toDoCaseText(c: Pick<ToDoItem, 'date' | 'reason' | 'minute_violation'>, t: MyWorkT = myWorkTexts.t): string {
  const line = `${formatDmy(c.date)} — ${toDoReasonText(c.reason, t)}`;
  return measuresAbsence(c) ? `${line} (${t('toDo.minutes', { count: formatCount(c.minute_violation) })})` : line;
}
