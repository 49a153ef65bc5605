import { ONSITE_TITLE_MAX, type OnsiteType } from '@tms/contracts/onsite';
import { REQUEST_MESSAGES as M, type RequestPayload } from '@tms/contracts/requests';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { onsitePort, type OnsitePortDeps } from '../request-days/onsite-port.ts';
import { readWanted, type FormMode, type Wanted } from '../request-days/request-form.ts';
import type { RequestAuthor } from '../request-days/request-author.ts';
import * as repo from '../request-days/request.repository.ts';
import type { RequestDeps } from './request-access.ts';
import { planRequest } from './request-plan.ts';

/**
 * One onsite record, one status (docs/onsite.md): an ONSITE request filed on Request Management is an onsite record
 * (the onsite service owns it); the rows Request Management lists are its staff members' rows, and approve / reject /
 * withdraw on such a row are the record's own actions. This file is the bridge; the onsite service decides,
 * reached through the port it provides (request-days/onsite-port.ts).
 */

/** The app's mail settings, or (the demo seed, scripts) the outbox alone. */
function onsiteDeps(deps: RequestDeps): OnsitePortDeps {
  // The onsite service opens its own transaction; on a caller's transaction that is a savepoint.
  return { db: deps.db as Db, clock: deps.clock, log: deps.log, mail: deps.mail ?? { mailFrom: 'TMS <no-reply@tms.local>' } };
}

/** The author as the onsite service reads a caller (its scope and roles). */
function callerOf(a: RequestAuthor): SessionUser {
  const s = a as Partial<SessionUser> & RequestAuthor;
  return {
    sessionId: s.sessionId ?? 0,
    userId: a.userId,
    username: a.username,
    employeeId: a.employeeId,
    name: a.name,
    roles: (a.roles ?? a.actors.filter((x) => x !== 'PM')) as SessionUser['roles'],
    isPm: a.isPm ?? a.actors.includes('PM'),
    actors: [...a.actors],
  };
}

/** The onsite type a request's dates and shifts ask for: both shifts of a day Full day; hourly rows Other. */
function typeOf(w: Wanted): { type: OnsiteType; from: string; to: string; hours: number | null } {
  if (w.kind === 'range') {
    const same = w.from === w.to;
    const type: OnsiteType = same && w.startShift === 'MORNING' && w.endShift === 'MORNING' ? 'MORNING' : same && w.startShift === 'AFTERNOON' && w.endShift === 'AFTERNOON' ? 'AFTERNOON' : 'FULL_DAY';
    return { type, from: w.from, to: w.to, hours: null };
  }
  const from = w.rows[0]!.date;
  const to = w.rows[w.rows.length - 1]!.date;
  const hourly = w.rows.find((r) => r.minutes !== null);
  if (hourly) return { type: 'OTHER', from, to, hours: Math.round((hourly.minutes! / 60) * 100) / 100 };
  const shifts = new Set(w.rows.map((r) => r.duration));
  const only = shifts.size === 1 ? [...shifts][0] : 'FULL_DAY';
  return { type: only === 'MORNING' ? 'MORNING' : only === 'AFTERNOON' ? 'AFTERNOON' : 'FULL_DAY', from, to, hours: null };
}

/**
 * An ONSITE request from Create Request (single, batch or common): the request's own checks for each staff member (lock,
 * overlap, schedule: its messages), then one onsite record for them through the onsite service, which writes their
 * pending rows in its transaction. Answers the staff members' request ids, in `employeeIds` order.
 */
export async function fileOnsiteRequest(deps: RequestDeps, author: RequestAuthor, p: RequestPayload, employeeIds: readonly number[], mode: FormMode): Promise<number[]> {
  if (!p.project_id) throw badRequest(M.projectRequired);
  for (const employeeId of employeeIds) {
    const [employee] = await repo.employeesBy(deps.db, { ids: [employeeId] }, 'all');
    if (!employee) throw badRequest(M.staffRequired);
    await planRequest(deps.db, { ...p, employeeId }, { mode, excludeId: null, companyId: employee.company_id, checkBalance: false });
  }
  const { type, from, to, hours } = typeOf(readWanted(p, mode));
  const description = p.description?.trim() || null;
  const byEmployee = await onsitePort().file(onsiteDeps(deps), callerOf(author), {
    title: (description ?? 'Onsite').slice(0, ONSITE_TITLE_MAX),
    projectId: p.project_id,
    fromDate: from,
    toDate: to,
    type,
    description,
    employeeList: employeeIds.map((employeeId) => ({ employeeId, ...(hours !== null ? { duration: hours } : {}) })),
  });
  return employeeIds.map((e) => byEmployee.get(e)).filter((x): x is number => typeof x === 'number');
}

/** The onsite record a request row belongs to, or null. */
export async function onsiteRecordOf(db: DbOrTx, requestId: number): Promise<number | null> {
  const [row] = await repo.onsiteLinkOf(db, requestId);
  return row?.onsite_request_id ?? null;
}

/** Approve (3), reject (4) or withdraw (5) of a row of an onsite record: the record's own action (its rules, its history). */
export async function decideOnsiteRecord(deps: RequestDeps, author: RequestAuthor, onsiteId: number, action: 'approve' | 'reject' | 'withdraw', reason: string | null) {
  return onsitePort().decide(onsiteDeps(deps), callerOf(author), onsiteId, action, reason);
}
