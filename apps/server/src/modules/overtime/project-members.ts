import { hasAnyRole, PRIVILEGED_ROLES } from '@tms/contracts/roles';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { isProjectOfEmployee, projectMembers, type MemberRowDb } from './fixed-overtime.repository.ts';

/**
 * `GET /api/tms/overtime-request/project-members` (the Staff field of the overtime forms): the members of a project
 * the caller belongs to or manages; HR, HRM and Admin any project. Another project is outside the caller's scope and
 * answers 404 (RULES.md §3; issue 22 §4: anyone could list any project's members).
 */
export async function searchProjectMembers(
  db: DbOrTx,
  user: SessionUser,
  query: { projectId: number; filter: string; limit: number; offset: number },
): Promise<MemberRowDb[]> {
  if (!hasAnyRole(user.roles, PRIVILEGED_ROLES) && (user.employeeId === null || !(await isProjectOfEmployee(db, query.projectId, user.employeeId)))) {
    throw notFound();
  }
  return projectMembers(db, query.projectId, query.filter, query.limit, query.offset);
}
