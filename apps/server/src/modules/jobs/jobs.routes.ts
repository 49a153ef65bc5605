import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describeMessage } from '@tms/contracts/i18n/server-messages';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { JOB_MESSAGES, JOB_STATUS_PATH, jobPercent, jobStatusParamsSchema, jobStatusResponseSchema, type JobProgressShape } from '@tms/contracts/jobs';
import { getJob } from '../../lib/jobs.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';

// A failed job says one fixed text, whatever its cause: its key is found once.
const FAILED = describeMessage(JOB_MESSAGES.failed);

/**
 * GET /api/tms/jobs/:id — the state and progress of a job the caller started (a progress bar polls it). Another
 * user's job is not found (404), like any record outside the caller's scope (RULES.md §3).
 */
export async function jobsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    JOB_STATUS_PATH,
    {
      config: { access: 'signed-in', scope: 'own' },
      schema: { tags: ['jobs'], params: jobStatusParamsSchema, response: { 200: jobStatusResponseSchema, 404: errorEnvelopeSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const job = await getJob(app.db, request.params.id);
      if (!job || job.createdBy !== user.userId) throw notFound(JOB_MESSAGES.notFound);
      const progress = (job.progress as JobProgressShape | null) ?? null;
      const failed = job.status === 'failed';
      return {
        code: 200,
        message: 'Success',
        data: {
          id: job.id,
          name: job.name,
          status: job.status,
          progress,
          percent: jobPercent(job.status, progress),
          result: job.result ?? null,
          error: failed ? JOB_MESSAGES.failed : null,
          errorKey: failed ? (FAILED?.key ?? null) : null,
          errorParams: failed ? (FAILED?.params ?? null) : null,
          createdDate: job.createdAt.toISOString(),
          finishedDate: job.finishedAt ? job.finishedAt.toISOString() : null,
        },
      };
    },
  );
}
