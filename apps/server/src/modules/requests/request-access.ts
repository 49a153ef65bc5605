import type { FastifyBaseLogger } from 'fastify';
import { REQUEST_PAGE, REQUEST_RULE_MESSAGES as R } from '@tms/contracts/requests';
import { PRIVILEGED_ROLES } from '@tms/contracts/roles';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { notify, notifyEvent, type NotificationContent, type NotificationType, type NotifyMailConfig } from '../../lib/notify.ts';
import { reachOf, type RequestAuthor } from '../request-days/request-author.ts';
import type { RuleRequest } from '../request-days/request-rules.ts';
import * as repo from '../request-days/request.repository.ts';

/** `mail`: the app's mail settings; with them a notification is also mailed (lib/notify.ts `notifyEvent`). */
export type RequestDeps = { db: DbOrTx; clock: Clock; log?: FastifyBaseLogger; mail?: NotifyMailConfig };

/** RULES.md §8: one in-app notification (and, with mail settings, the mail with the request's CC list copied). */
export async function tell(tx: DbOrTx, mail: NotifyMailConfig | undefined, n: NotificationContent & { userId: number; type: NotificationType; link: string; ccEmployeeIds?: readonly number[] }) {
  const { userId, ccEmployeeIds, ...content } = n;
  if (mail) await notifyEvent(tx, mail, { ...content, userIds: [userId], ccEmployeeIds: ccEmployeeIds ?? [] });
  else await notify(tx, { ...content, userId });
}

/** HR, HRM and ADMIN file for anyone, work outside included, and import for the owner (RULES.md §2–§3). */
export const isPrivileged = (a: RequestAuthor) => PRIVILEGED_ROLES.some((r) => a.actors.includes(r));
export const linkOf = (id: number) => `${REQUEST_PAGE}?id=${id}`;

/**
 * The request if the caller reaches it (404 otherwise, explanations included). The writers lock the row
 * (`forUpdate`): the status they decide on is the current one, so a withdrawal racing an approval returns the leave
 * the approval drew; the conditional UPDATE in `repo.transition` still guards every status change.
 */
export async function loadVisible(db: DbOrTx, user: RequestAuthor, id: number, forUpdate = false) {
  const row = await repo.findRequest(db, id, { reach: reachOf(user), userId: user.userId }, { forUpdate });
  if (!row || row.is_explanation) throw notFound(R.notFound);
  return row;
}

/** A stored request as the request rules read it. */
export function ruleRequest(row: repo.StoredRequest, inCallerLeadScope?: boolean): RuleRequest {
  return {
    status: row.status,
    isExplanation: row.is_explanation,
    requestType: row.request_type,
    ownerEmployeeId: row.employee_id,
    assigneeUserId: row.assignee_user_id,
    assigneeRole: row.assignee_role,
    createdByRole: row.created_by_role,
    createdByUserId: row.created_by_user_id,
    inCallerLeadScope,
    startDate: row.start_date,
    endDate: row.end_date,
  };
}
