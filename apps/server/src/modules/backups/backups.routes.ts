import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BACKUP_DOWNLOAD_PATH, BACKUP_MESSAGES, BACKUPS_PATH, backupListResponseSchema, backupNameParamsSchema, runBackupResponseSchema } from '@tms/contracts/backups';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { conflict, notFound } from '../../lib/errors.ts';
import { contentDisposition } from '../../lib/uploads.ts';
import { requireUser } from '../../plugins/auth.ts';
import { currentBackupJobId, queueManualBackup } from './backup.job.ts';
import { backupPath, listBackups } from './backup-store.ts';

const tags = ['backups'];
const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

/** Settings → Backups (Admin, docs/backups.md): the backup folder's files, running one now, downloading one. */
export async function backupsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { backup } = app.config;

  app.get(
    BACKUPS_PATH,
    { config: { access: ['ADMIN'], scope: 'all' }, schema: { tags, response: { 200: backupListResponseSchema, ...errors } } },
    async () => ({
      code: 200,
      message: 'Success',
      data: {
        items: await listBackups(backup.dir),
        schedule: { nightlyHour: backup.nightlyHour, keepDaily: backup.keepDaily, keepWeekly: backup.keepWeekly },
        runningJobId: await currentBackupJobId(app.db),
      },
    }),
  );

  app.post(
    BACKUPS_PATH,
    { config: { access: ['ADMIN'], scope: 'all' }, schema: { tags, response: { 200: runBackupResponseSchema, 409: errorEnvelopeSchema, ...errors } } },
    async (request) => {
      const jobId = await queueManualBackup(app.db, requireUser(request).userId);
      if (jobId === null) throw conflict(BACKUP_MESSAGES.alreadyRunning);
      return { code: 200, message: 'Success', data: { jobId } };
    },
  );

  app.get(
    BACKUP_DOWNLOAD_PATH,
    { config: { access: ['ADMIN'], scope: 'all' }, schema: { tags, params: backupNameParamsSchema, response: { 404: errorEnvelopeSchema, ...errors } } },
    async (request, reply) => {
      const file = backupPath(backup.dir, request.params.name);
      if (!file) throw notFound(BACKUP_MESSAGES.notFound);
      return sendBackupFile(reply, request.params.name, file);
    },
  );
}

/** Streams a backup file as an attachment (it may be gigabytes: never read whole). */
function sendBackupFile(reply: FastifyReply, name: string, file: string): FastifyReply {
  return reply
    .header('Content-Type', 'application/octet-stream')
    .header('Content-Disposition', contentDisposition(name))
    .header('Content-Length', String(fs.statSync(file).size))
    .header('X-Content-Type-Options', 'nosniff')
    .send(fs.createReadStream(file));
}
