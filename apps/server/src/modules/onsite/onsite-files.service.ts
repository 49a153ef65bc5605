import { ONSITE_FILES_MAX_BYTES, ONSITE_MESSAGES as M, type OnsiteFile } from '@tms/contracts/onsite';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { storeFile, type UploadedFile } from '../../lib/uploads.ts';
import { contextsOf, loadVisible, onsiteHistory, refuseFiles, type Caller } from './onsite-access.ts';
import { toFile } from './onsite-view.ts';
import * as repo from './onsite.repository.ts';

/** Attachments of an onsite request (spec 002 §5: 5.0 MB in all); they change with the request, whoever may edit it. */
type FileDeps = { db: Db; clock: Clock };

export async function listOnsiteFiles({ db }: Pick<FileDeps, 'db'>, user: Caller, id: number): Promise<OnsiteFile[]> {
  await loadVisible(db, user, id);
  return (await repo.listFiles(db, id)).map(toFile);
}

export async function uploadOnsiteFile({ db, clock }: FileDeps, user: Caller, id: number, file: UploadedFile): Promise<OnsiteFile> {
  return db.transaction(async (tx) => {
    const row = await loadVisible(tx, user, id, true);
    refuseFiles(row, await contextsOf(clock, user)(tx, row.company_id));
    if ((await repo.filesTotal(tx, id)) + file.size > ONSITE_FILES_MAX_BYTES) throw new AppError(413, M.filesTooLarge, [M.filesTooLarge]);
    const stored = await storeFile(tx, file, { folder: repo.ONSITE_FILE_FOLDER, ownerTable: repo.ONSITE_TABLE, ownerId: id, createdBy: user.userId });
    await onsiteHistory(tx, row, user, {
      action: 'UPDATE',
      changes: [{ field: 'attachments', oldValue: null, newValue: stored.originalName }],
      newRecord: { name: stored.storedName, original_name: stored.originalName, size: stored.size },
    });
    return { name: stored.storedName, original_name: stored.originalName, size: stored.size, content_type: stored.contentType, created_date: clock.now().toISOString() };
  });
}

export async function downloadOnsiteFile({ db }: Pick<FileDeps, 'db'>, user: Caller, id: number, name: string) {
  await loadVisible(db, user, id);
  const file = await repo.findFile(db, id, name);
  if (!file) throw notFound(M.fileNotFound);
  return { originalName: file.original_name, contentType: file.content_type, content: file.content };
}

export async function deleteOnsiteFile({ db, clock }: FileDeps, user: Caller, id: number, name: string): Promise<{ name: string }> {
  await db.transaction(async (tx) => {
    const row = await loadVisible(tx, user, id, true);
    const file = await repo.findFile(tx, id, name);
    if (!file) throw notFound(M.fileNotFound);
    refuseFiles(row, await contextsOf(clock, user)(tx, row.company_id));
    if (!(await repo.detachFile(tx, id, file.id))) throw new AppError(409, M.alreadyChanged, [M.alreadyChanged]);
    await onsiteHistory(tx, row, user, {
      action: 'UPDATE',
      changes: [{ field: 'attachments', oldValue: file.original_name, newValue: null }],
      newRecord: { name, deleted: true },
    });
  });
  return { name };
}
