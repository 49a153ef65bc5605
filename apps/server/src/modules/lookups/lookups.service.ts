import { REMOTE_SEARCH_MIN_CHARS, type EmployeeOption, type MostRecentApproved, type PeriodOption, type RoleOption } from '@tms/contracts/lookups';
import { ROLE_NAMES, ROLES } from '@tms/contracts/roles';
import type { DbOrTx } from '../../db/client.ts';
import { toDmy } from '../../lib/dates.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { listPeriodsNewestFirst, lockDateFor } from '../payroll-periods/payroll-periods.service.ts';
import { employeeIdScope, employeesOfProject, searchEmployees } from './lookups.repository.ts';

export function roleOptions(): RoleOption[] {
  return ROLES.map((code) => ({ code, name: ROLE_NAMES[code] }));
}

/**
 * Staff remote search (spec 000 §5 Filters: 3 or more characters), limited to the caller's data scope
 * (RULES.md §3): a shorter text answers an empty page rather than the whole company.
 */
export async function findEmployees(
  db: DbOrTx,
  user: SessionUser,
  query: { filter?: string; department_code?: string; page: number; size: number },
): Promise<{ rows: EmployeeOption[]; total: number }> {
  const text = (query.filter ?? '').trim();
  if (text.length < REMOTE_SEARCH_MIN_CHARS) return { rows: [], total: 0 };
  const departmentCode = query.department_code?.trim() || undefined;
  return searchEmployees(db, { text, scope: employeeIdScope(user), departmentCode, page: query.page, size: query.size });
}

/** Project members the caller may see: a PM sees the members of their projects (RULES.md §3). */
export function findProjectMembers(db: DbOrTx, user: SessionUser, projectId: number): Promise<EmployeeOption[]> {
  return employeesOfProject(db, projectId, employeeIdScope(user, { includeProjects: true }));
}

/** Payroll periods of the caller's company (all companies without an employee), newest first. */
export async function payrollPeriodsNewestFirst(db: DbOrTx, callerEmployeeId: number | null, today: string): Promise<PeriodOption[]> {
  return listPeriodsNewestFirst(db, { callerEmployeeId }, today);
}

/** The lock date (RULES.md §4) of the caller's company in both formats the web reads. */
export async function mostRecentApproved(db: DbOrTx, callerEmployeeId: number | null): Promise<MostRecentApproved> {
  const toDate = await lockDateFor(db, callerEmployeeId);
  return { toDate, toDateFormat: toDmy(toDate) };
}
