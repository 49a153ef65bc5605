import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  approverForResponseSchema,
  checkWorkingTypeResponseSchema,
  commonRequestEditSchema,
  commonRequestSchema,
  isoDateSchema,
  REQUEST_BASE as B,
  REQUEST_CREATORS,
  REQUEST_MESSAGES as M,
  reasonSelectionsResponseSchema,
  requestAssigneeResponseSchema,
  requestAssigneeSchema,
  requestBatchResponseSchema,
  requestBatchSchema,
  requestCreatedResponseSchema,
  requestEditedResponseSchema,
  requestEditSchema,
  requestPayloadSchema,
  requestSelectionsResponseSchema,
  requestsCreatedResponseSchema,
  requestStatusResponseSchema,
  requestStatusSchema,
  timeAndDurationResponseSchema,
  timeAndDurationSchema,
  workScheduleResponseSchema,
  workScheduleTypeResponseSchema,
} from '@tms/contracts/requests';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { REASSIGN_MOVERS } from '@tms/contracts/reassign';
import { PRIVILEGED_ROLES } from '@tms/contracts/roles';
import { errorEnvelopeSchema, idParamSchema, safeText } from '@tms/contracts/schemas';
import { zodRoutes, type ZodRoutes } from '../../lib/route-app.ts';
import { requireUser } from '../../plugins/auth.ts';
import { approverFor, reasonSelections, requestSelections, workSchedule } from './request-lookups.ts';
import { updateAssignee } from './request-reassign.service.ts';
import { editRequest } from './request-edit.service.ts';
import { updateRequestStatus } from './request-status.service.ts';
import { batchCreateRequests, createCommonRequest, createRequest, timeAndDuration } from './request.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
/** Each route's answer: its envelope from @tms/contracts/requests, beside the error envelopes. */
const answers = <T>(ok: T) => ({ 200: ok, ...errors });
/** Every date of a lookup's query or path: a real YYYY-MM-DD calendar date, else 400 'Invalid Date!' (2026-02-31 is not). */
const isoDate = isoDateSchema(MESSAGES_COMMON.invalidDate);
const ok = <T>(data: T, message: string = M.success) => ({ code: 200, message, data });

const tags = ['requests'];
const depsOf = (app: ZodRoutes) => ({ db: app.db, clock: app.clock, log: app.log, mail: app.config });
type Deps = ReturnType<typeof depsOf>;

/** Routes of the request write side and the form's lookups (spec 001 §7.2; issue 9). */
export async function requestWriteRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const deps = depsOf(app);
  requestChangeRoutes(app, deps);
  requestFormLookupRoutes(app, deps);
}

/** Create, edit, decide and reassign. */
function requestChangeRoutes(app: ZodRoutes, deps: Deps) {
  const write = { access: REQUEST_CREATORS, scope: 'employee-scope' as const };

  app.post(`${B}/create-request/`, { config: write, schema: { tags, body: requestPayloadSchema, response: answers(requestCreatedResponseSchema) } }, async (request) =>
    ok(await createRequest(deps, requireUser(request), request.body, 'day')),
  );
  app.post(`${B}/create-request-flexible/`, { config: write, schema: { tags, body: requestPayloadSchema, response: answers(requestCreatedResponseSchema) } }, async (request) =>
    ok(await createRequest(deps, requireUser(request), request.body, 'flexible')),
  );
  app.post(`${B}/batch-create-request/`, { config: { access: ['HR'], scope: 'all' }, schema: { tags, body: requestBatchSchema, response: { 200: requestBatchResponseSchema, 207: requestBatchResponseSchema, 400: z.union([requestBatchResponseSchema, errorEnvelopeSchema]), 403: errorEnvelopeSchema } } }, async (request, reply) => {
    const { status, results } = await batchCreateRequests(deps, requireUser(request), request.body);
    const message = status === 400 ? (results[0]?.message ?? M.noRequestCreated) : M.success;
    return reply.code(status as 200 | 207 | 400).send({ code: status, message, data: results });
  });
  app.post(`${B}/create-common-request`, { config: { access: PRIVILEGED_ROLES, scope: 'all' }, schema: { tags, body: commonRequestSchema, response: answers(requestsCreatedResponseSchema) } }, async (request) =>
    ok(await createCommonRequest(deps, requireUser(request), request.body)),
  );
  app.post(`${B}/time-and-duration`, { config: write, schema: { tags, body: timeAndDurationSchema, response: answers(timeAndDurationResponseSchema) } }, async (request) =>
    ok(await timeAndDuration(deps, requireUser(request), request.body)),
  );

  app.put(`${B}/edit-request`, { config: write, schema: { tags, body: requestEditSchema, response: answers(requestEditedResponseSchema) } }, async (request) =>
    ok(await editRequest(deps, requireUser(request), request.body, 'day')),
  );
  app.put(`${B}/edit-request-flexible`, { config: write, schema: { tags, body: requestEditSchema, response: answers(requestEditedResponseSchema) } }, async (request) =>
    ok(await editRequest(deps, requireUser(request), request.body, 'flexible')),
  );
  app.put(`${B}/edit-common-request`, { config: { access: PRIVILEGED_ROLES, scope: 'all' }, schema: { tags, body: commonRequestEditSchema, response: answers(requestEditedResponseSchema) } }, async (request) =>
    ok(await editRequest(deps, requireUser(request), request.body, 'day', true)),
  );
  app.put(`${B}/update-status`, { config: { access: 'signed-in', scope: 'employee-scope' }, schema: { tags, body: requestStatusSchema, response: answers(requestStatusResponseSchema) } }, async (request) =>
    ok(await updateRequestStatus(deps, requireUser(request), request.body), M.updateStatusSuccess),
  );
  // Who may move what to whom: the shared reassignment rule (auth core); a lead for their people, HR/HRM/Admin any.
  app.put(`${B}/update-assignee`, { config: { access: REASSIGN_MOVERS, scope: 'employee-scope' }, schema: { tags, body: requestAssigneeSchema, response: answers(requestAssigneeResponseSchema) } }, async (request) =>
    ok(await updateAssignee(deps, requireUser(request), request.body), M.updateStatusSuccess),
  );
}

/** The lookups of the request form: its selections, the approver, the employee's schedule on a date. */
function requestFormLookupRoutes(app: ZodRoutes, deps: Deps) {
  const screen = z.object({ screenType: safeText().max(40).optional() });
  app.get(`${B}/create-request-selections`, { config: { access: 'signed-in', scope: 'none' }, schema: { tags, querystring: screen, response: answers(requestSelectionsResponseSchema) } }, async (request) =>
    ok(await requestSelections(app.db, request.query.screenType)),
  );
  app.get(`${B}/create-request-selections-v2`, { config: { access: 'signed-in', scope: 'none' }, schema: { tags, querystring: screen, response: answers(requestSelectionsResponseSchema) } }, async (request) =>
    ok(await requestSelections(app.db, request.query.screenType)),
  );
  app.get(`${B}/get-reason-selections`, { config: { access: 'signed-in', scope: 'none' }, schema: { tags, querystring: screen, response: answers(reasonSelectionsResponseSchema) } }, async (request) =>
    ok(await reasonSelections(app.db, request.query.screenType)),
  );
  app.get(
    '/tms/filters/get-approver-for-user',
    {
      config: { access: REQUEST_CREATORS, scope: 'employee-scope' },
      schema: {
        tags,
        querystring: z.object({
          username: safeText().max(100).optional(),
          date: isoDate.optional(),
          // Issue 29: the item the form fills in, so the answer names the approval flow it would follow.
          request_type: safeText().max(30).optional(),
          reason_type: safeText().max(40).optional(),
          days: z.coerce.number().min(0).max(10000).optional(),
        }),
        response: answers(approverForResponseSchema),
      },
    },
    async (request) => {
      const { username, date, ...item } = request.query;
      return ok(await approverFor(deps.db, requireUser(request), username, date, item));
    },
  );
  const employeeDate = z.object({ employeeId: idParamSchema().optional(), date: isoDate.optional(), type: safeText().max(40).optional(), requestDate: isoDate.optional() });
  app.get('/tms/employee/work-schedule', { config: { access: REQUEST_CREATORS, scope: 'employee-scope' }, schema: { tags, querystring: employeeDate, response: answers(workScheduleResponseSchema) } }, async (request) =>
    ok(await workSchedule(app, requireUser(request), request.query.employeeId, request.query.date)),
  );
  app.get('/tms/employee/work-schedule-type', { config: { access: REQUEST_CREATORS, scope: 'employee-scope' }, schema: { tags, querystring: employeeDate, response: answers(workScheduleTypeResponseSchema) } }, async (request) => {
    const info = await workSchedule(app, requireUser(request), request.query.employeeId, request.query.date);
    return ok({ work_schedule_type: info.work_schedule_code, request_type: info.request_type, explanation_type: info.explanation_type });
  });
  app.get('/tms/employee/check-working-type', { config: { access: REQUEST_CREATORS, scope: 'employee-scope' }, schema: { tags, querystring: employeeDate, response: answers(checkWorkingTypeResponseSchema) } }, async (request) => {
    const info = await workSchedule(app, requireUser(request), request.query.employeeId, request.query.requestDate ?? request.query.date);
    return ok({ request_type: info.request_type, is_working_day: info.is_working_day, standard_working_time: info.standard_working_time });
  });
}
