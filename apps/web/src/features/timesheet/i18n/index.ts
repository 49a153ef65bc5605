import { defineNamespace, i18next, type CatalogueKey, type Translate } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const timesheetTexts = defineNamespace('timesheet', en, vi);

/** The namespace's `t`: components pass their `useT()` one to the pure helpers, which default to `timesheetTexts.t`. */
export type TimesheetT = Translate<typeof en>;
export type TimesheetKey = CatalogueKey<typeof en>;

/** Whether the catalogue holds `key`: a text chosen by a code the server sends (a status) falls back when it does not. */
export function isTimesheetKey(key: string): key is TimesheetKey {
  return i18next.exists(key, { ns: timesheetTexts.namespace });
}
