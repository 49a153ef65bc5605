import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  TIMESHEET_EXPORT_MESSAGES as M,
  TIMESHEET_EXPORT_PATHS as P,
  TIMESHEET_EXPORTERS,
  exportBodySchema,
  sendEmailBodySchema,
  sendEmailResponseSchema,
  zipBodySchema,
} from '@tms/contracts/timesheet-export';
import { timesheetPathParamsSchema } from '@tms/contracts/timesheet-review';
import { CONTENT_TYPES, contentDisposition } from '../../lib/uploads.ts';
import { requireUser } from '../../plugins/auth.ts';
import { requestTimesheetEmails } from './send-email.ts';
import { detailExport, listExport, zipExport } from './timesheet-export.service.ts';
import { sendSheet } from './xlsx-stream.ts';
import { ZipWriter } from './zip-writer.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * Timesheet exports and send email (spec 001 §2.1, §7.1, §8; RULES.md §1 exports, §8 send email). ADMIN, HR and HRM
 * only, and their scope is everyone (RULES.md §3), so the filter alone decides the employees.
 */
export async function timesheetExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['timesheet export'];
  const config = { access: TIMESHEET_EXPORTERS, scope: 'all' as const };

  // The HR list: one row per employee, one column per date (spec 001 §2.1 grid), streamed chunk by chunk.
  app.post(
    P.rule(':timesheetId'),
    { config, schema: { tags, params: timesheetPathParamsSchema, body: exportBodySchema, response: errors } },
    async (request, reply) => {
      const sheet = await listExport(app.db, request.params.timesheetId, request.body, requireUser(request).employeeId);
      return sendSheet(reply, sheet.fileName, sheet.spec, sheet.batches);
    },
  );

  // The detail: one row per employee-day, under its own name.
  app.post(
    P.rule2(':timesheetId'),
    { config, schema: { tags, params: timesheetPathParamsSchema, body: exportBodySchema, response: errors } },
    async (request, reply) => {
      const sheet = await detailExport(app.db, request.params.timesheetId, request.body, requireUser(request).employeeId);
      return sendSheet(reply, sheet.fileName, sheet.spec, sheet.batches);
    },
  );

  // A zip of one detail file per chosen employee; ids that match nobody in the period are skipped.
  app.post(P.zip, { config, schema: { tags, body: zipBodySchema, response: errors } }, async (request, reply) => {
    const zip = await zipExport(app.db, request.body.timesheetId, request.body.employeeId, requireUser(request).employeeId);
    return sendZip(reply, zip.fileName, zip.first, zip.rest);
  });

  app.post(
    P.sendEmail(':timesheetId'),
    { config, schema: { tags, params: timesheetPathParamsSchema, body: sendEmailBodySchema, response: { 200: sendEmailResponseSchema, ...errors } } },
    async (request) => {
      const { userId, employeeId } = requireUser(request);
      const data = await requestTimesheetEmails(app, { periodId: request.params.timesheetId, body: request.body, userId, employeeId });
      return { code: 200, message: data.jobId === null ? M.emailSent : M.emailQueued, data };
    },
  );
}

/** Streams the zip: the first file was built before the headers went out; a later failure ends the response early. */
function sendZip(reply: FastifyReply, fileName: string, first: { name: string; data: Buffer }, rest: AsyncGenerator<{ name: string; data: Buffer }>): FastifyReply {
  const out = new PassThrough();
  const zip = new ZipWriter(out);
  const write = async () => {
    try {
      if (!(await zip.add(first.name, first.data))) return;
      for await (const file of rest) if (!(await zip.add(file.name, file.data))) return;
      await zip.finish();
    } finally {
      await rest.return(undefined);
    }
  };
  reply
    .header('Content-Type', CONTENT_TYPES.zip as string)
    .header('Content-Disposition', contentDisposition(fileName))
    .header('X-Content-Type-Options', 'nosniff');
  reply.send(out);
  write().catch((error: unknown) => {
    reply.log.error({ err: error }, 'timesheet zip failed while streaming');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply;
}
