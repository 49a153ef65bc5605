import dayjs, { type Dayjs } from 'dayjs';
import { DATE_ISO } from '@tms/contracts/api';
import { CHECK_TIME_REPORT_MESSAGES as M, checkTimeCriteriaProblems, type CheckTimeCriteria } from '@tms/contracts/check-time-report';
import type { Query } from '../../../lib/api-client.ts';
import { reportsTexts } from '../i18n/index.ts';

/** The filter form's values: a date range, one project id, department ids, user names. */
export type CheckTimeFormValues = {
  range?: [Dayjs | null, Dayjs | null] | null;
  project?: number | string | null;
  departments?: (number | string)[];
  users?: (number | string)[];
};

const iso = (d: Dayjs | null | undefined) => (d && d.isValid() ? d.format(DATE_ISO) : undefined);

/** The form's values as the report's criteria (dates YYYY-MM-DD), the form the contracts' rules read. */
export function criteriaOf(values: CheckTimeFormValues | undefined): CheckTimeCriteria {
  return {
    fromDate: iso(values?.range?.[0]),
    toDate: iso(values?.range?.[1]),
    project: values?.project ?? undefined,
    departments: values?.departments ?? [],
    users: values?.users ?? [],
  };
}

/**
 * spec 001 §5.8: Search is disabled until a date range and one of project, departments or users is set, and while the
 * range exceeds 3 months — then the warning 'Data Range must not exceed 3 months!' is shown. The server applies the
 * same rules (contracts' checkTimeCriteriaProblems).
 */
export function searchState(values: CheckTimeFormValues | undefined): { enabled: boolean; warning: string | null } {
  const problems = checkTimeCriteriaProblems(criteriaOf(values));
  // The warning in the language read now: the filter calling this re-renders on a switch.
  return { enabled: problems.length === 0, warning: problems.includes(M.rangeTooLong) ? reportsTexts.t('checkTime.rangeTooLong') : null };
}

/** The query of the list, the export and the chart (lists comma-joined); undefined while Search is disabled. */
export function queryOf(values: CheckTimeFormValues | undefined): Query | undefined {
  if (!searchState(values).enabled) return undefined;
  const c = criteriaOf(values);
  const join = (list: readonly unknown[] | undefined) => (list?.length ? list.map(String).join(',') : undefined);
  return { fromDate: c.fromDate, toDate: c.toDate, project: c.project === undefined || c.project === null ? undefined : String(c.project), departments: join(c.departments), users: join(c.users) };
}

/** The last two weeks up to today (the page's starting range; a filter is still needed before Search). */
export function lastTwoWeeks(today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [today.subtract(13, 'day').startOf('day'), today.startOf('day')];
}
