/**
 * Comments on an overtime request, either kind (spec 001 §7.3 `PUT /tms/overtime-request/{requestId}/{receiver_id}/comment`;
 * §6 only the author edits or deletes one). Whoever sees the request (RULES.md §3, else 404) reads and adds; every
 * write leaves a history entry on the request (RULES.md §8).
 */
import { OVERTIME_TEXT_MAX } from '@tms/contracts/overtime';
import { FIXED_MESSAGES as F, type OvertimeComment } from '@tms/contracts/overtime-fixed';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { recordHistory } from '../../lib/history.ts';
import { notifyEvent, type NotifyMailConfig } from '../../lib/notify.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { findRequest, userIdsOfEmployees } from './fixed-overtime.repository.ts';
import { OVERTIME_TABLE } from './overtime-files.repository.ts';
import * as repo from './overtime-comments.repository.ts';
import { linkOf } from './fixed-overtime.service.ts';

function readComment(text: string | null | undefined): string {
  const c = (text ?? '').trim();
  if (!c) throw badRequest(F.commentRequired);
  if (c.length > OVERTIME_TEXT_MAX) throw badRequest(F.commentTooLong);
  return c;
}

export type OvertimeCommentsDeps = { db: Db; mail: NotifyMailConfig };

async function visible(tx: DbOrTx, user: SessionUser, requestId: number) {
  const row = await findRequest(tx, requestId, user);
  if (!row) throw notFound(F.notFound);
  return row;
}

const toDto = (r: repo.CommentRowDb, user: SessionUser): OvertimeComment => ({
  id: r.id,
  request_id: r.request_id,
  comment: r.content,
  author: { id: r.author_user_id, name: r.author_name, user_name: r.author_username },
  receiver: r.receiver_employee_id === null ? null : { employee_id: r.receiver_employee_id, name: r.receiver_name ?? '', user_name: r.receiver_username ?? '' },
  created_date: r.created_date,
  last_modified_date: r.last_modified_date,
  mine: r.author_user_id === user.userId,
});

/** The comment (live, author's own) whose request the caller still sees. */
async function ownComment(tx: DbOrTx, user: SessionUser, commentId: number) {
  const c = await repo.findComment(tx, commentId);
  if (!c) throw notFound(F.commentNotFound);
  const row = await findRequest(tx, c.request_id, user, { forUpdate: true });
  if (!row) throw notFound(F.commentNotFound);
  if (c.author_user_id !== user.userId) throw forbidden(F.commentNotAuthor);
  return { c, row };
}

/** Every comment write is one history entry on the request (RULES.md §8). */
const commentHistory = (tx: DbOrTx, user: SessionUser, row: { id: number; creator_employee_id: number | null }, oldValue: string | null, newValue: string | null, newRecord: Record<string, unknown>) =>
  recordHistory(tx, {
    tableName: OVERTIME_TABLE,
    recordId: row.id,
    employeeId: row.creator_employee_id,
    action: 'UPDATE',
    changes: [{ field: 'comment', oldValue, newValue }],
    newRecord,
    by: user,
  });

export async function listOvertimeComments(db: Db, user: SessionUser, requestId: number): Promise<OvertimeComment[]> {
  await visible(db, user, requestId);
  return (await repo.listComments(db, requestId)).map((r) => toDto(r, user));
}

export async function addOvertimeComment(deps: OvertimeCommentsDeps, user: SessionUser, requestId: number, receiverId: number, text: string | null | undefined): Promise<OvertimeComment> {
  const { db } = deps;
  const content = readComment(text);
  const id = await db.transaction(async (tx) => {
    const row = await visible(tx, user, requestId);
    const receiver = receiverId > 0 ? receiverId : null;
    if (receiver !== null && !(await repo.employeeExists(tx, receiver))) throw badRequest(F.staffNotFound);
    const id = await repo.insertComment(tx, { requestId, authorUserId: user.userId, receiverEmployeeId: receiver, content });
    await commentHistory(tx, user, row, null, content, { comment_id: id, receiver_employee_id: receiver });
    if (receiver !== null) {
      const userIds = (await userIdsOfEmployees(tx, [receiver])).filter((u) => u !== user.userId);
      if (userIds.length > 0) await notifyEvent(tx, deps.mail, { userIds, type: 'COMMENT', text: { key: 'overtimeComment', params: { name: user.name, title: row.title } }, body: content, link: linkOf(requestId) });
    }
    return id;
  });
  return toDto((await repo.findComment(db, id))!, user);
}

export async function updateOvertimeComment(db: Db, user: SessionUser, commentId: number, text: string | null | undefined): Promise<OvertimeComment> {
  const content = readComment(text);
  await db.transaction(async (tx) => {
    const { c, row } = await ownComment(tx, user, commentId);
    if (!(await repo.updateComment(tx, commentId, user.userId, content))) throw notFound(F.commentNotFound);
    await commentHistory(tx, user, row, c.content, content, { comment_id: commentId });
  });
  return toDto((await repo.findComment(db, commentId))!, user);
}

export async function removeOvertimeComment(db: Db, user: SessionUser, commentId: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const { c, row } = await ownComment(tx, user, commentId);
    if (!(await repo.deleteComment(tx, commentId, user.userId))) throw notFound(F.commentNotFound);
    await commentHistory(tx, user, row, c.content, null, { comment_id: commentId, deleted: true });
  });
  return { id: commentId };
}
