import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@tms/contracts/language';

/**
 * Reference data named in two languages (issue 25): which column holds which language is written here once, and a
 * name is read in one language everywhere — a list, a filter, a sort, an export — never one column on one page and
 * the other on the next. The language is handed in: lib/localized-name.ts binds it to the request's (or job's).
 *
 * - departments and divisions: `name` is Vietnamese, `name_en` English (both required);
 * - reason types: `name_vi`, `name_en` (both required);
 * - work schedules: `work_schedule_name_vi` (optional), `work_schedule_name` English (required).
 */

/** The name in `language`; the other language's when that one is empty or null (a name is never shown blank). */
export function localizedNameIn(language: Language, vi: SQL, en: SQL): SQL {
  const [first, second] = language === 'vi' ? [vi, en] : [en, vi];
  return sql`coalesce(nullif(${first}, ''), ${second})`;
}

/** A department's or division's name; `alias` is the `departments` row (e.g. sql`d`). */
export const departmentNameIn = (language: Language, alias: SQL): SQL => localizedNameIn(language, sql`${alias}.name`, sql`${alias}.name_en`);

/** A reason type's name; `alias` is the `reason_types` row. */
export const reasonTypeNameIn = (language: Language, alias: SQL): SQL => localizedNameIn(language, sql`${alias}.name_vi`, sql`${alias}.name_en`);

/** A work schedule's name; `alias` is the `work_schedules` row. */
export const workScheduleNameIn = (language: Language, alias: SQL): SQL =>
  localizedNameIn(language, sql`${alias}.work_schedule_name_vi`, sql`${alias}.work_schedule_name`);

/** The column a form's single name field writes in `language` (the other language's name stays as it was). */
export const workScheduleNameColumnIn = (language: Language): SQL => (language === 'vi' ? sql`work_schedule_name_vi` : sql`work_schedule_name`);
