import { REQUEST_FILE_MESSAGES, type RequestFile } from '@tms/contracts/request-list';
import { REQUEST_RULE_MESSAGES, REQUEST_STATUS } from '@tms/contracts/requests';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { recordHistory } from '../../lib/history.ts';
import { storeFile, type UploadedFile } from '../../lib/uploads.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { scopedRequest } from './request-list.service.ts';
import * as repo from './request-list.repository.ts';

/*
 * Attachments of a request in the caller's scope (spec 001 §2.3; RULES.md §1 uploads, §3 scope: outside it, 404).
 */

/** Owner (or the one who filed it for them) while pending: the only one who changes its files. */
function assertCanChangeFiles(user: SessionUser, row: repo.ScopedRequest) {
  const mine = row.owner_user_id === user.userId || row.created_by_user_id === user.userId;
  if (!mine || Number(row.status) !== REQUEST_STATUS.pending) throw forbidden(REQUEST_FILE_MESSAGES.notOwnerOrNotPending);
}

export async function listRequestFiles(db: Db, user: SessionUser, folder: string, id: number): Promise<RequestFile[]> {
  await scopedRequest(db, user, id);
  return (await repo.listFiles(db, id, folder)).map(toFile);
}

export async function uploadRequestFile(db: Db, user: SessionUser, folder: string, id: number, file: UploadedFile): Promise<RequestFile> {
  const row = await scopedRequest(db, user, id);
  assertCanChangeFiles(user, row);
  return db.transaction(async (tx) => {
    const stored = await storeFile(tx, file, { folder: `request/${folder}`, ownerTable: repo.REQUESTS_TABLE, ownerId: id, createdBy: user.userId });
    await repo.linkFile(tx, id, stored.id, folder);
    await recordHistory(tx, {
      tableName: repo.REQUESTS_TABLE,
      recordId: id,
      employeeId: row.employee_id,
      action: 'UPDATE',
      changes: [{ field: 'attachments', oldValue: null, newValue: stored.originalName }],
      newRecord: { folder, name: stored.storedName, original_name: stored.originalName, size: stored.size },
      by: user,
    });
    return { name: stored.storedName, original_name: stored.originalName, size: stored.size, content_type: stored.contentType, created_date: new Date().toISOString() };
  });
}

export async function downloadRequestFile(db: Db, user: SessionUser, folder: string, id: number, name: string) {
  await scopedRequest(db, user, id);
  const file = await repo.findFile(db, id, folder, name);
  if (!file) throw notFound(REQUEST_FILE_MESSAGES.fileNotFound);
  return { originalName: file.original_name, contentType: file.content_type, content: file.content };
}

export async function deleteRequestFile(db: Db, user: SessionUser, folder: string, id: number, name: string): Promise<{ name: string }> {
  const row = await scopedRequest(db, user, id);
  const file = await repo.findFile(db, id, folder, name);
  if (!file) throw notFound(REQUEST_FILE_MESSAGES.fileNotFound);
  assertCanChangeFiles(user, row);
  await db.transaction(async (tx) => {
    if (!(await repo.unlinkFile(tx, id, file.stored_file_id))) throw new AppError(409, REQUEST_RULE_MESSAGES.alreadyChanged);
    await recordHistory(tx, {
      tableName: repo.REQUESTS_TABLE,
      recordId: id,
      employeeId: row.employee_id,
      action: 'UPDATE',
      changes: [{ field: 'attachments', oldValue: file.original_name, newValue: null }],
      newRecord: { folder, name, deleted: true },
      by: user,
    });
  });
  return { name };
}

function toFile(row: repo.RequestFileRow): RequestFile {
  return { name: row.stored_name, original_name: row.original_name, size: Number(row.size), content_type: row.content_type, created_date: row.created_date };
}
