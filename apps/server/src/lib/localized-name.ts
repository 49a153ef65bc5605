import type { SQL } from 'drizzle-orm';
import { departmentNameIn, localizedNameIn, reasonTypeNameIn, workScheduleNameColumnIn, workScheduleNameIn } from '../db/localized-name.ts';
import { currentLanguage } from './request-language.ts';

/**
 * Two-language names in the language of the work in progress (issue 25; db/localized-name.ts knows the columns).
 * Every repository that answers a department, division, reason type or work schedule name selects, filters and sorts
 * through these, so a name reads the same on every page and in every file of one request.
 */

export const localizedName = (vi: SQL, en: SQL): SQL => localizedNameIn(currentLanguage(), vi, en);
export const departmentName = (alias: SQL): SQL => departmentNameIn(currentLanguage(), alias);
export const reasonTypeName = (alias: SQL): SQL => reasonTypeNameIn(currentLanguage(), alias);
export const workScheduleName = (alias: SQL): SQL => workScheduleNameIn(currentLanguage(), alias);
/** The work schedule name column an edit in the current language writes. */
export const workScheduleNameColumn = (): SQL => workScheduleNameColumnIn(currentLanguage());
