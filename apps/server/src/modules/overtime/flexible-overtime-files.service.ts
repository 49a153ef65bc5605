/**
 * Attachments of a flexible overtime request (spec 001 §7.3 "Files for flexible"; RULES.md §1 limits through
 * lib/uploads.ts): read by whoever sees the request (else 404), changed while the request may be edited.
 */
import { FLEXIBLE_STATUS as S } from '@tms/contracts/overtime';
import { FLEXIBLE_MESSAGES as M, flexibleRefusal, type FlexibleFile } from '@tms/contracts/overtime-flexible';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { storeFile, type UploadedFile } from '../../lib/uploads.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import type * as repo from './flexible-overtime.repository.ts';
import * as filesRepo from './overtime-files.repository.ts';
import { OVERTIME_TABLE } from './overtime-files.repository.ts';
import { facts, history, load, refusalError, toFile, viewerOf, type FlexibleDeps } from './flexible-overtime.service.ts';

type Caller = SessionUser;

/** Attachments change while the request may be edited, by its creator or requester (brief: "requester while editable"). */
async function refuseFiles(tx: DbOrTx, clock: Clock, user: Caller, row: repo.FlexibleRowDb) {
  const lockDate = await getLockDate(tx, row.company_id);
  const f = facts(row);
  const edit = flexibleRefusal('edit', f, viewerOf(user), { now: clock.now(), lockDate });
  if (edit === null) return;
  const requesterAtZero = f.requester.employeeId === user.employeeId && row.status === S.pendingPm && !(lockDate !== null && row.ot_date <= lockDate);
  if (!requesterAtZero) throw refusalError(edit.code === 409 ? { code: 403, message: edit.message } : edit);
}

export async function listFlexibleFiles(deps: FlexibleDeps, user: Caller, id: number): Promise<FlexibleFile[]> {
  const { db, clock } = deps;
  await load(db, clock.timeZone, user, id);
  return (await filesRepo.listFiles(db, id)).map(toFile);
}

export async function uploadFlexibleFile(deps: FlexibleDeps, user: Caller, id: number, file: UploadedFile): Promise<FlexibleFile> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const row = await load(tx, clock.timeZone, user, id, true);
    await refuseFiles(tx, clock, user, row);
    const stored = await storeFile(tx, file, { folder: filesRepo.OVERTIME_FILE_FOLDER, ownerTable: OVERTIME_TABLE, ownerId: id, createdBy: user.userId });
    await filesRepo.attachFile(tx, id, stored.id, stored.originalName);
    await history(tx, row, user, 'UPDATE', [{ field: 'attachments', oldValue: null, newValue: stored.originalName }], { name: stored.storedName, original_name: stored.originalName, size: stored.size });
    return { name: stored.storedName, original_name: stored.originalName, size: stored.size, content_type: stored.contentType, created_date: clock.now().toISOString() };
  });
}

export async function downloadFlexibleFile(deps: FlexibleDeps, user: Caller, id: number, name: string) {
  const { db, clock } = deps;
  await load(db, clock.timeZone, user, id);
  const file = await filesRepo.findFile(db, id, name, { orShownName: true });
  if (!file) throw notFound(M.fileNotFound);
  return { originalName: file.original_name, contentType: file.content_type, content: file.content };
}

export async function deleteFlexibleFile(deps: FlexibleDeps, user: Caller, id: number, name: string): Promise<{ name: string }> {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    const row = await load(tx, clock.timeZone, user, id, true);
    const file = await filesRepo.findFile(tx, id, name, { orShownName: true });
    if (!file) throw notFound(M.fileNotFound);
    await refuseFiles(tx, clock, user, row);
    if (!(await filesRepo.detachFile(tx, id, file.id))) throw new AppError(409, M.statusChanged, [M.statusChanged]);
    await history(tx, row, user, 'UPDATE', [{ field: 'attachments', oldValue: file.original_name, newValue: null }], { name, deleted: true });
  });
  return { name };
}
