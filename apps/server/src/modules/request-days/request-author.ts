import type { Actor } from '@tms/contracts/roles';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { HistoryAuthor } from '../../lib/history.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import * as repo from './request.repository.ts';

/** Who writes a request, an explanation or an onsite credit: the history's author with the actors the rules read. */
export type RequestAuthor = HistoryAuthor & { employeeId: number | null; actors: readonly Actor[]; roles?: readonly string[]; isPm?: boolean };

/** The author's data scope (RULES.md §3) as the request repository reads it. */
export function reachOf(author: RequestAuthor): Exclude<repo.Reach, 'all'> {
  return {
    roles: (author.roles ?? author.actors.filter((a) => a !== 'PM')) as SessionUser['roles'],
    employeeId: author.employeeId,
    isPm: author.isPm ?? author.actors.includes('PM'),
  };
}

/** An employee the caller may see, by id or username; 404 outside the caller's scope (RULES.md §3). */
export async function visibleEmployee(db: DbOrTx, user: SessionUser, by: { id?: number; username?: string }): Promise<repo.EmployeeRow> {
  const rows = await repo.employeesBy(db, { ids: by.id ? [by.id] : [], usernames: by.username ? [by.username] : [] }, user);
  const row = rows[0];
  if (!row) throw notFound('Employee not found');
  return row;
}
