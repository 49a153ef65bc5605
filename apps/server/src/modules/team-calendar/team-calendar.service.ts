import { TEAM_CALENDAR_MAX_DAYS, TEAM_CALENDAR_MESSAGES as M, type AwayCount, type TeamCalendarQuery } from '@tms/contracts/team-calendar';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { dayjs } from '../../lib/dates.ts';
import { concurrencyLimit } from '../../lib/concurrency-limit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import * as repo from './team-calendar.repository.ts';

/**
 * Calendar pages computed at once by this process; the others wait their turn. A department's month keeps a core
 * busy for 10–20 ms in PostgreSQL: twenty at once on two cores took as long on average and spread the waits (p95 309 ms
 * at 20 clients), four at a time finish in turn (p95 256–291 ms in three runs; staff's page 109–127 ms instead of 155).
 */
const TEAM_CALENDAR_PAGES_AT_ONCE = 4;
const oneOfFewPages = concurrencyLimit(TEAM_CALENDAR_PAGES_AT_ONCE);

/**
 * Team Calendar (issue 30 §1, docs/team-calendar.md): checks the range, then answers one page of people with their
 * days, and the Create Request hint's away count. The calendar feeds (modules/calendar-feeds) read the same people
 * through lib/scope.ts `teamCalendarScope`.
 */

type Deps = { db: DbOrTx; clock: Clock };

/** A range of real days, first before last, at most TEAM_CALENDAR_MAX_DAYS days (400 otherwise). */
export function checkRange(from: string, to: string): void {
  const a = dayjs(from, 'YYYY-MM-DD', true);
  const b = dayjs(to, 'YYYY-MM-DD', true);
  if (!a.isValid() || !b.isValid()) throw badRequest(M.invalidDate);
  if (from > to) throw badRequest(M.rangeOrder);
  if (b.diff(a, 'day') + 1 > TEAM_CALENDAR_MAX_DAYS) throw badRequest(M.rangeTooLong);
}

/** One page of the calendar as the API's answer text (the repository serialises it; see `calendarAnswer`). */
export async function teamCalendar(deps: Deps, user: repo.CalendarViewer, q: TeamCalendarQuery): Promise<string> {
  checkRange(q.from, q.to);
  return oneOfFewPages(() => repo.calendarAnswer(deps.db, {
    user,
    from: q.from,
    to: q.to,
    today: deps.clock.today(),
    filters: { divisionId: q.division_id, departmentId: q.department_id, projectId: q.project_id, reasonType: q.reason_type || undefined, keyword: q.keyword || undefined },
    page: q.page,
    size: q.size,
  }));
}

/**
 * The Create Request hint: of the requester's department (the caller, or an employee the caller may see), how many
 * others are away on any of the dates. An employee the caller may not see answers 404, like one that does not exist.
 */
export async function awayCount(deps: Deps, user: repo.CalendarViewer, q: { from: string; to: string; employee_id?: number }): Promise<AwayCount> {
  checkRange(q.from, q.to);
  const employeeId = q.employee_id ?? user.employeeId;
  const employee = employeeId ? await repo.visibleEmployee(deps.db, user, employeeId) : undefined;
  if (!employee) throw notFound(M.employeeNotFound);
  return repo.awayCount(deps.db, { viewer: user, departmentId: employee.department_id, exceptEmployeeId: employee.id, from: q.from, to: q.to });
}
