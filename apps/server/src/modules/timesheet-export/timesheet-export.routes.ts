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
  timesheetDetailZipName,
  timesheetListFileName,
  zipBodySchema,
} from '@tms/contracts/timesheet-export';
import { timesheetPathParamsSchema } from '@tms/contracts/timesheet-review';
import { notFound } from '../../lib/errors.ts';
import { CONTENT_TYPES, contentDisposition } from '../../lib/uploads.ts';
import { requireUser } from '../../plugins/auth.ts';
import { employeeFilterSql, fromExportBody } from '../timesheet-grid/grid-filter.ts';
import { registerSendEmailJob, requestTimesheetEmails } from './send-email.ts';
import { detailBatches, detailSheet, employeeFiles, firstBatchOrNoData, listBatches, listSheet, loadPeriod } from './timesheet-export.service.ts';
import { sendSheet } from './xlsx-stream.ts';
import { ZipWriter } from './zip-writer.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * Timesheet exports and send email (spec 001 §2.1, §7.1, §8; RULES.md §1 exports, §8 send email). ADMIN, HR and HRM
 * only, and their scope is everyone (RULES.md §3), so the filter alone decides the employees.
 */
export async function timesheetExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerSendEmailJob();
  const tags = ['timesheet export'];
  const config = { access: TIMESHEET_EXPORTERS, scope: 'all' as const };

  // The HR list: one row per employee, one column per date (spec 001 §2.1 grid), streamed chunk by chunk.
  app.post(
    P.rule(':timesheetId'),
    { config, schema: { tags, params: timesheetPathParamsSchema, body: exportBodySchema, response: errors } },
    async (request, reply) => {
      const period = await loadPeriod(app.db, request.params.timesheetId, requireUser(request).employeeId);
      const filter = employeeFilterSql(fromExportBody(request.body), period);
      const { spec, dates } = listSheet(period);
      const batches = await firstBatchOrNoData(listBatches(app.db, filter, period, dates.length));
      return sendSheet(reply, timesheetListFileName(period.to_date), spec, batches);
    },
  );

  // The detail: one row per employee-day, same file name (spec 001 §7.1).
  app.post(
    P.rule2(':timesheetId'),
    { config, schema: { tags, params: timesheetPathParamsSchema, body: exportBodySchema, response: errors } },
    async (request, reply) => {
      const period = await loadPeriod(app.db, request.params.timesheetId, requireUser(request).employeeId);
      const filter = employeeFilterSql(fromExportBody(request.body), period);
      const batches = await firstBatchOrNoData(detailBatches(app.db, filter, period));
      return sendSheet(reply, timesheetListFileName(period.to_date), detailSheet(), batches);
    },
  );

  // A zip of one detail file per chosen employee; ids that match nobody in the period are skipped.
  app.post(P.zip, { config, schema: { tags, body: zipBodySchema, response: errors } }, async (request, reply) => {
    const period = await loadPeriod(app.db, request.body.timesheetId, requireUser(request).employeeId);
    const filter = employeeFilterSql({ employeeIds: [...new Set(request.body.employeeId)] }, period);
    const files = employeeFiles(app.db, filter, period);
    const first = await files.next();
    if (first.done) throw notFound(M.noData);
    return sendZip(reply, timesheetDetailZipName(period.to_date), first.value, files);
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
