import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isIsoDateText } from '@tms/contracts/api';
import { OVERTIME_REPORT_USERS } from '@tms/contracts/overtime';
import {
  DATE_TYPE_PATH,
  OT_REPORT_MESSAGES as M,
  OT_SHIFT_KEYS,
  OT_SHIFT_LABELS,
  OVERTIME_SHIFT_PATH,
  REPORT_OT_PATH,
  dateTypeQuerySchema,
  dateTypeResponseSchema,
  overtimeShiftQuerySchema,
  overtimeShiftResponseSchema,
  reportOtFileName,
  reportOtQuerySchema,
} from '@tms/contracts/overtime-pay';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { badRequest, notFound } from '../../lib/errors.ts';
import { employeeScope } from '../../lib/scope.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import { dayTypesOf } from './day-type.repository.ts';
import { employeeVisible } from './ot-pay.repository.ts';
import { checkReportDates, otReportXlsxColumns, reportRows } from './ot-report.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .trim();

/**
 * Lookups and the OT report (spec 001 §7.3; RULES.md §6): the day type of an employee's date, the OT shifts (the
 * coefficient keys) and `report-ot` (HR, ADMIN), streamed from the stored pay lines.
 */
export async function otPayRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['overtime'];

  app.get(
    DATE_TYPE_PATH,
    { config: { access: 'signed-in', scope: 'employee-scope' }, schema: { tags, querystring: dateTypeQuerySchema, response: { 200: dateTypeResponseSchema, ...errors } } },
    async (request) => {
      const user = requireUser(request);
      const date = request.query.date?.trim();
      if (!date) throw badRequest(M.dateTypeDateRequired);
      if (!isIsoDateText(date)) throw badRequest(M.invalidDate);
      const employeeId = request.query.employeeId ?? user.employeeId;
      if (employeeId === null || employeeId === undefined) throw notFound(M.employeeNotFound);
      if (!(await employeeVisible(app.db, employeeId, (column) => employeeScope(user, column, { includeProjects: true })))) throw notFound(M.employeeNotFound);
      const [t] = await dayTypesOf(app.db, [{ employeeId, date }]);
      if (!t) throw notFound(M.employeeNotFound);
      return { code: 200, message: 'Success', data: { name: t.dateType, date, employeeId } };
    },
  );

  app.get(
    OVERTIME_SHIFT_PATH,
    { config: { access: 'signed-in', scope: 'none' }, schema: { tags, querystring: overtimeShiftQuerySchema, response: { 200: overtimeShiftResponseSchema, ...errors } } },
    async (request) => {
      const wanted = fold(request.query.shiftName ?? '');
      const data = OT_SHIFT_KEYS.map((key) => ({ key, name: OT_SHIFT_LABELS[key] })).filter(
        (s) => wanted === '' || fold(s.name).includes(wanted) || s.key.includes(wanted.replaceAll(' ', '_')),
      );
      return { code: 200, message: 'Success', data };
    },
  );

  app.get(
    REPORT_OT_PATH,
    { config: { access: OVERTIME_REPORT_USERS, scope: 'all' }, schema: { tags, querystring: reportOtQuerySchema, response: errors } },
    async (request, reply) => {
      const range = checkReportDates(request.query.fromDate, request.query.toDate);
      const rows = await reportRows(app.db, range, app.clock.timeZone);
      return sendXlsx(reply, { fileName: reportOtFileName(range.from, range.to), sheetName: 'Report OT', columns: otReportXlsxColumns(), rows });
    },
  );
}
