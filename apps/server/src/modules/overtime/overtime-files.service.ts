/**
 * Attachments of a fixed overtime request (spec 001 §7.3 Fixed files; RULES.md §1 limits through lib/uploads.ts).
 * Read by whoever sees the request (else 404); uploaded by the creator or HR while the date is not locked; deleted by
 * the creator while the request is editable (all staff pending, not locked). OT_FROM_HOME and WORK_OUTSIDE keep at
 * least one file (spec 001 §5.6 'Overtime request must have attach file !!!').
 */
import { OVERTIME_MESSAGES as M, otTypeNeedsFile } from '@tms/contracts/overtime';
import { FIXED_MESSAGES as F, fixedRefusal, type FixedFile } from '@tms/contracts/overtime-fixed';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { recordHistory } from '../../lib/history.ts';
import { storeFile, type UploadedFile } from '../../lib/uploads.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import * as repo from './fixed-overtime.repository.ts';
import * as filesRepo from './overtime-files.repository.ts';
import { OVERTIME_TABLE } from './overtime-files.repository.ts';
import { factsOf, loadFixed, lockOf, toFile, viewerOf, type FixedDeps } from './fixed-overtime.service.ts';

export async function listFixedFiles(db: Db, user: SessionUser, id: number): Promise<FixedFile[]> {
  await loadFixed(db, user, id);
  return (await filesRepo.listFiles(db, id)).map(toFile);
}

export async function uploadFixedFiles(db: Db, user: SessionUser, id: number, files: readonly UploadedFile[]): Promise<FixedFile[]> {
  const stored = await db.transaction(async (tx) => {
    const row = await loadFixed(tx, user, id, true);
    if (row.created_by_user_id !== user.userId && !user.roles.includes('HR')) throw forbidden(F.notCreator);
    const lockDate = await lockOf(tx, row);
    if (lockDate !== null && row.ot_date <= lockDate) throw badRequest(M.dateLocked);
    const out = [];
    for (const file of files) {
      const s = await storeFile(tx, file, { folder: filesRepo.OVERTIME_FILE_FOLDER, ownerTable: OVERTIME_TABLE, ownerId: id, createdBy: user.userId });
      await filesRepo.attachFile(tx, id, s.id, s.originalName);
      out.push(s);
    }
    await recordHistory(tx, {
      tableName: OVERTIME_TABLE,
      recordId: id,
      employeeId: row.creator_employee_id,
      action: 'UPDATE',
      changes: [{ field: 'attachments', oldValue: null, newValue: out.map((s) => s.originalName) }],
      newRecord: { files: out.map((s) => ({ name: s.storedName, original_name: s.originalName, size: s.size })) },
      by: user,
    });
    return out.map((s) => s.storedName);
  });
  const all = (await filesRepo.listFiles(db, id)).map(toFile);
  return all.filter((f) => stored.includes(f.name));
}

export async function downloadFixedFile(db: Db, user: SessionUser, id: number, name: string) {
  await loadFixed(db, user, id);
  const file = await filesRepo.findFile(db, id, name);
  if (!file) throw notFound(F.fileNotFound);
  return { originalName: file.original_name, contentType: file.content_type, content: file.content };
}

export async function deleteFixedFile(deps: FixedDeps, user: SessionUser, id: number, name: string): Promise<{ name: string }> {
  await deps.db.transaction(async (tx) => {
    const row = await loadFixed(tx, user, id, true);
    const file = await filesRepo.findFile(tx, id, name);
    if (!file) throw notFound(F.fileNotFound);
    const staff = await repo.staffOf(tx, id);
    const refused = fixedRefusal('edit', factsOf(row, staff), viewerOf(user), { now: deps.clock.now(), lockDate: await lockOf(tx, row) });
    if (refused) throw new AppError(refused.statusCode, refused.message, [refused.message]);
    if (otTypeNeedsFile(row.ot_type) && (await filesRepo.fileCount(tx, id)) <= 1) throw badRequest(M.fileRequired);
    if (!(await filesRepo.detachFile(tx, id, file.id))) throw new AppError(409, F.alreadyChanged, [F.alreadyChanged]);
    await recordHistory(tx, {
      tableName: OVERTIME_TABLE,
      recordId: id,
      employeeId: row.creator_employee_id,
      action: 'UPDATE',
      changes: [{ field: 'attachments', oldValue: file.original_name, newValue: null }],
      newRecord: { name, deleted: true },
      by: user,
    });
  });
  return { name };
}
