import { CHECK_IN_OUT_MESSAGES as M, cutToOneMonth, type CalendarData, type DayData, type ManualJob } from '@tms/contracts/check-in-out-calendar';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDays, companyToday, maxDate, minDate, toDmy } from '../../lib/dates.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { RECALCULATE_DAYS_JOB, recalculateDaysJob } from '../timesheet/recalculate.ts';
import * as repo from './check-in-out-calendar.repository.ts';

const isId = (ref: string) => /^\d{1,9}$/.test(ref);

/** Splits usernames-or-ids into the two lists the repository matches. */
function splitRefs(refs: readonly string[]): { ids: number[]; usernames: string[] } {
  return { ids: refs.filter(isId).map(Number), usernames: refs.filter((r) => !isId(r)) };
}

/** The Check In-Out Time calendar (spec 001 §2.8, §5.8, §7.7; RULES.md §3, §4). */
export type CalendarDeps = { db: Db; clock: Clock };

/** The employee named by `ref` (default the caller) inside the caller's scope; outside it 404 (RULES.md §3). */
async function employeeOf({ db }: CalendarDeps, user: SessionUser, ref: string | undefined): Promise<repo.CalendarEmployee> {
  const found = ref
    ? await repo.findEmployeeInScope(db, isId(ref) ? { id: Number(ref) } : { username: ref }, user)
    : user.employeeId === null
      ? undefined
      : await repo.findEmployeeInScope(db, { id: user.employeeId }, user);
  if (!found) throw notFound(M.employeeNotFound);
  return found;
}

/** The stored days of `fromDate … toDate`, the range cut to one month (spec 001 §5.8). */
export async function calendar(deps: CalendarDeps, user: SessionUser, q: { employee?: string; fromDate: string; toDate: string }): Promise<CalendarData> {
  const { db } = deps;
  if (q.fromDate > q.toDate) throw badRequest(M.rangeOrder);
  const employee = await employeeOf(deps, user, q.employee);
  const range = cutToOneMonth(q.fromDate, q.toDate);
  return {
    start_working_day: employee.start_working_day,
    employee_id: employee.id,
    user_name: employee.user_name,
    name: employee.name,
    from_date: range.from,
    to_date: range.to,
    range_cut: range.cut,
    timesheets: await repo.calendarDays(db, employee.id, range.from, range.to),
  };
}

/** The drawer of one day: staff info and the punches attributed to the day (RULES.md §4), in order. */
export async function day(deps: CalendarDeps, user: SessionUser, day: string, ref: string | undefined): Promise<DayData> {
  const { db, clock } = deps;
  const employee = await employeeOf(deps, user, ref);
  const [punches, stored] = [await repo.dayPunches(db, employee.id, day, clock.timeZone), await repo.storedDayTimes(db, employee.id, day)];
  return {
    staff: {
      employee_id: employee.id,
      name: employee.name,
      user_name: employee.user_name,
      staff_id: employee.staff_id,
      position_title: employee.position_title,
      department: employee.department,
    },
    date: day,
    check_in_time: stored?.check_in_time ?? null,
    check_out_time: stored?.check_out_time ?? null,
    check_times: punches,
  };
}

/**
 * "Update Employee Check Time": the chosen employees' days of the range are recomputed from their punches by the
 * timesheet core's recalculation job. The range is cut to one month, then clipped to after the lock date and to
 * today (RULES.md §4: nothing on or before the lock date changes; future days are never stored).
 */
export async function requestUpdate(
  { db, clock }: CalendarDeps,
  user: SessionUser,
  body: { department_code?: string | null; employee?: string[]; start_date: string; end_date: string },
): Promise<ManualJob> {
  if (body.start_date > body.end_date) throw badRequest(M.rangeOrder);
  const refs = [...new Set(body.employee ?? [])];
  if (refs.length === 0) throw badRequest(M.staffRequired);
  const departmentCode = body.department_code?.trim() || null;
  if (departmentCode && !(await repo.departmentExists(db, departmentCode))) throw badRequest(M.departmentNotFound);
  const { ids, usernames } = splitRefs(refs);
  const found = await repo.employeesByRefs(db, ids, usernames);
  const known = new Set(found.flatMap((e) => [String(e.id), e.user_name.toLowerCase()]));
  if (refs.some((r) => !known.has(r.toLowerCase()))) throw badRequest(M.employeeNotFound);

  const range = cutToOneMonth(body.start_date, body.end_date);
  const today = companyToday(clock.timeZone, clock.now());
  const lock = await getLockDate(db);
  const from = lock ? maxDate(range.from, addDays(lock, 1)) : range.from;
  const to = minDate(range.to, today);
  if (range.from > today) throw badRequest(M.future);
  if (from > to) throw new AppError(409, M.locked(toDmy(lock)!));
  const payload = {
    kind: repo.MANUAL_JOB_KIND,
    ranges: found.map((e) => ({ e: e.id, f: from, t: to })),
    start_date: range.from,
    end_date: range.to,
    effective_start_date: from,
    effective_end_date: to,
    department_code: departmentCode,
  };
  const id = await enqueueJob(db, { job: recalculateDaysJob, payload, createdBy: user.userId });
  const [job] = await repo.listManualJobs(db, { jobName: RECALCULATE_DAYS_JOB, id, employeeIds: [], usernames: [], departmentCodes: [], limit: 1, offset: 0 });
  return toJob(job!);
}

export async function searchJobs({ db }: CalendarDeps, q: { start_date?: string; end_date?: string; employee?: string[]; department_code?: string[]; page: number; size: number }) {
  if (q.start_date && q.end_date && q.start_date > q.end_date) throw badRequest(M.rangeOrder);
  const { ids, usernames } = splitRefs(q.employee ?? []);
  const rows = await repo.listManualJobs(db, {
    jobName: RECALCULATE_DAYS_JOB,
    from: q.start_date,
    to: q.end_date,
    employeeIds: ids,
    usernames,
    departmentCodes: q.department_code ?? [],
    limit: q.size,
    offset: (q.page - 1) * q.size,
  });
  return { data: rows.map(toJob), page: await pageInfo(q, rows) };
}

function toJob({ total: _total, ...row }: repo.ManualJobRow): ManualJob {
  return row;
}
