import { ONSITE_MESSAGES as M, ONSITE_PAGE } from '@tms/contracts/onsite';
import { PRIVILEGED_ROLES } from '@tms/contracts/roles';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordHistory, type HistoryAuthor, type HistoryRecordEntry } from '../../lib/history.ts';
import type { NotificationText } from '@tms/contracts/notification-texts';
import { notifyEvent, type NotifyMailConfig } from '../../lib/notify.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { getLockDate, latestPeriodEnd } from '../payroll-periods/payroll-periods.service.ts';
import { onsiteRefusal, type OnsiteAction, type OnsiteContext } from '../request-days/onsite-rules.ts';
import { facts } from './onsite-view.ts';
import * as repo from './onsite.repository.ts';

export type OnsiteDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger; mail: NotifyMailConfig };
export type Caller = SessionUser;

/** HR, HRM and ADMIN see and staff every onsite request (RULES.md §3). */
export const isPrivileged = (u: Caller) => PRIVILEGED_ROLES.some((a) => u.actors.includes(a));
export const viewerOf = (u: Caller): repo.OnsiteViewer | 'all' => (isPrivileged(u) ? 'all' : u);
export const linkOf = (id: number) => `${ONSITE_PAGE}?id=${id}`;

/** The rule context of one company (lock date, last timesheet end), cached per call. */
export function contextsOf(clock: Clock, caller: Caller) {
  const cache = new Map<number | null, Promise<OnsiteContext>>();
  return (tx: DbOrTx, companyId: number | null) => {
    let hit = cache.get(companyId);
    if (!hit) {
      hit = (async () => ({
        caller,
        lockDate: await getLockDate(tx, companyId),
        today: clock.today(),
        lastTimesheetEnd: await latestPeriodEnd(tx, { companyId }),
      }))();
      cache.set(companyId, hit);
    }
    return hit;
  };
}

export async function loadVisible(tx: DbOrTx, user: Caller, id: number, forUpdate = false) {
  const row = await repo.findOnsite(tx, id, viewerOf(user), { forUpdate });
  if (!row) throw notFound(M.notFound);
  return row;
}

export function refuse(action: OnsiteAction, row: repo.OnsiteRowDb, ctx: OnsiteContext) {
  const refused = onsiteRefusal(action, facts(row), ctx);
  if (refused) throw new AppError(refused.statusCode, refused.message, [refused.message]);
}

/** Attachments change with the request: whoever may edit it now. */
export function refuseFiles(row: repo.OnsiteRowDb, ctx: OnsiteContext) {
  const refused = onsiteRefusal('edit', facts(row), ctx);
  if (refused) throw new AppError(refused.statusCode === 409 ? 403 : refused.statusCode, refused.message, [refused.message]);
}

export const staleVersion = (given: number | null | undefined, row: repo.OnsiteRowDb) => {
  if (given !== null && given !== undefined && given !== row.version) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
};

/** A history entry of an onsite request, filed under its creator; call it in the writer's transaction (RULES.md §8). */
export const onsiteHistory = (tx: DbOrTx, row: { id: number; creator_employee_id: number | null }, by: HistoryAuthor, entry: Pick<HistoryRecordEntry, 'action' | 'changes' | 'newRecord'>) =>
  recordHistory(tx, { tableName: repo.ONSITE_TABLE, recordId: row.id, employeeId: row.creator_employee_id, ...entry, by });

/** Notifies the given users of an onsite request, with its CC list in copy. */
export async function tellOnsite(tx: DbOrTx, mail: NotifyMailConfig, row: { id: number; title: string }, userIds: readonly number[], type: string, text: NotificationText, body: string | null = null) {
  const cc = await repo.ccOf(tx, row.id);
  await notifyEvent(tx, mail, {
    userIds,
    ccEmployeeIds: cc.map((c) => c.employee_id).filter((x): x is number => x !== null),
    type,
    text,
    body,
    link: linkOf(row.id),
  });
}
