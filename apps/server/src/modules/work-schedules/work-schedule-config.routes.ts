import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REPORT_READERS } from '@tms/contracts/routes';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  WORK_SCHEDULE_ACTIVE_ROUTE,
  WORK_SCHEDULE_CONFIG_ROLES,
  WORK_SCHEDULE_CREATE_PATH,
  WORK_SCHEDULE_DETAIL_ROUTE,
  WORK_SCHEDULE_FIND_ALL_PATH,
  WORK_SCHEDULE_HISTORY_ROUTE,
  WORK_SCHEDULE_MESSAGES as M,
  WORK_SCHEDULE_REPORT_EXPORT_PATH,
  WORK_SCHEDULE_REPORT_FILE,
  WORK_SCHEDULE_REPORT_PATH,
  WORK_SCHEDULE_UPDATE_PATH,
  workScheduleActiveSchema,
  workScheduleCreateSchema,
  workScheduleDeleteQuerySchema,
  workScheduleDeletedResponseSchema,
  workScheduleDetailResponseSchema,
  workScheduleFindAllQuerySchema,
  workScheduleHistoryResponseSchema,
  workScheduleIdParamsSchema,
  workScheduleListResponseSchema,
  workScheduleReportQuerySchema,
  workScheduleReportResponseSchema,
  workScheduleSavedResponseSchema,
  workScheduleUpdateSchema,
} from '@tms/contracts/work-schedule-config';
import { sendXlsx } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as schedules from './work-schedule-config.service.ts';
import * as report from './work-schedule-report.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Policy config: work schedules (spec 002 §2, §5, §7), and the work schedule report (spec 002 §2, §7). */
export async function workScheduleConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, log: app.log };
  const config = { access: WORK_SCHEDULE_CONFIG_ROLES, scope: 'all' } as const;
  const tags = ['work schedule config'];

  app.get(
    WORK_SCHEDULE_FIND_ALL_PATH,
    { config, schema: { tags, querystring: workScheduleFindAllQuerySchema, response: { 200: workScheduleListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await schedules.list(deps, request.query)) }),
  );

  app.get(
    WORK_SCHEDULE_HISTORY_ROUTE,
    { config, schema: { tags, params: workScheduleIdParamsSchema, response: { 200: workScheduleHistoryResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await schedules.history(deps, request.params.id) }),
  );

  app.get(
    WORK_SCHEDULE_DETAIL_ROUTE,
    { config, schema: { tags, params: workScheduleIdParamsSchema, response: { 200: workScheduleDetailResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await schedules.detail(deps, request.params.id) }),
  );

  app.post(
    WORK_SCHEDULE_CREATE_PATH,
    { config, schema: { tags, body: workScheduleCreateSchema, response: { 200: workScheduleSavedResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.created, data: await schedules.create(deps, requireUser(request), request.body) }),
  );

  app.put(
    WORK_SCHEDULE_UPDATE_PATH,
    { config, schema: { tags, body: workScheduleUpdateSchema, response: { 200: workScheduleSavedResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.updated, data: await schedules.update(deps, requireUser(request), request.body) }),
  );

  app.put(
    WORK_SCHEDULE_ACTIVE_ROUTE,
    { config, schema: { tags, params: workScheduleIdParamsSchema, body: workScheduleActiveSchema, response: { 200: workScheduleSavedResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.statusUpdated, data: await schedules.setActive(deps, requireUser(request), request.params.id, request.body) }),
  );

  app.delete(
    WORK_SCHEDULE_DETAIL_ROUTE,
    { config, schema: { tags, params: workScheduleIdParamsSchema, querystring: workScheduleDeleteQuerySchema, response: { 200: workScheduleDeletedResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.deleted, data: await schedules.remove(deps, requireUser(request), request.params.id, request.query.version) }),
  );

  const reportConfig = { access: REPORT_READERS, scope: 'employee-scope' } as const;
  const reportTags = ['work schedule report'];

  app.get(
    WORK_SCHEDULE_REPORT_PATH,
    { config: reportConfig, schema: { tags: reportTags, querystring: workScheduleReportQuerySchema, response: { 200: workScheduleReportResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await report.list(deps, requireUser(request), request.query)) }),
  );

  app.get(
    WORK_SCHEDULE_REPORT_EXPORT_PATH,
    { config: reportConfig, schema: { tags: reportTags, querystring: workScheduleReportQuerySchema, response: errors } },
    async (request, reply) => {
      const { page: _page, size: _size, ...filter } = request.query;
      return sendXlsx(reply, { fileName: WORK_SCHEDULE_REPORT_FILE, sheetName: 'Work Schedule Report', columns: report.reportExportColumns(), rows: report.exportRows(deps, requireUser(request), filter) });
    },
  );
}
