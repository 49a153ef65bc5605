import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  CHECK_IN_ATTEMPT_READERS,
  CHECK_IN_ATTEMPTS_EXPORT_FILE,
  CHECK_IN_ATTEMPT_EXPORT_HEADERS_VI,
  CHECK_IN_ATTEMPTS_EXPORT_PATH,
  CHECK_IN_ATTEMPTS_PATH,
  CHECK_IN_PLACE_MANAGERS,
  CHECK_IN_PLACE_READERS,
  CHECK_IN_PLACES_PATH,
  KIOSK_INFO_PATH,
  KIOSK_MANAGERS,
  KIOSK_PUNCHES_PATH,
  KIOSK_TOKEN_HEADER,
  KIOSKS_PATH,
  SELF_CHECK_IN_MESSAGES as M,
  SELF_CHECK_IN_PIN_PATH,
  SELF_CHECK_IN_PUNCHES_PATH,
  SELF_CHECK_IN_QR_PATH,
  SELF_CHECK_IN_TODAY_PATH,
  checkInAttemptListResponseSchema,
  checkInAttemptQuerySchema,
  idPathSchema,
  kioskCreateSchema,
  kioskCreatedResponseSchema,
  kioskInfoResponseSchema,
  kioskListResponseSchema,
  kioskPunchBodySchema,
  kioskPunchResponseSchema,
  kioskResponseSchema,
  placeCreateSchema,
  placeHistoryResponseSchema,
  placeListQuerySchema,
  placeListResponseSchema,
  placeResponseSchema,
  placeUpdateSchema,
  selfPinBodySchema,
  selfPinResponseSchema,
  selfPunchBodySchema,
  selfPunchResponseSchema,
  selfQrResponseSchema,
  selfTodayResponseSchema,
} from '@tms/contracts/self-check-in';
import { localizedColumns } from '../../lib/file-headers.ts';
import { zodRoutes, type ZodRoutes } from '../../lib/route-app.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { ActiveKiosk } from './self-check-in.repository.ts';
import * as svc from './self-check-in.service.ts';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const ok = <T>(data: T, message = 'Success') => ({ code: 200, message, data });
const metaOf = (request: FastifyRequest): svc.RequestMeta => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});

type Deps = { db: ZodRoutes['db']; clock: ZodRoutes['clock'] };
const tags = ['self-check-in'];

/** Self check-in (issue 28): the staff's own page, places (Admin, HR), kiosks (Admin), the kiosk device, the attempts (HR). */
export async function selfCheckInRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const deps: Deps = { db: app.db, clock: app.clock };
  ownCheckInRoutes(app, deps);
  placeRoutes(app, deps);
  kioskRoutes(app, deps);
  kioskDeviceRoutes(app, deps);
  attemptRoutes(app, deps);
}

/** The staff's own check-in page. */
function ownCheckInRoutes(app: ZodRoutes, deps: Deps) {
  const own = { access: 'signed-in' as const, scope: 'own' as const };
  // A punch answers once it is stored; the job worker brings its cell up to date within about a second (its next poll),
  // so a morning rush is not held up by one recalculation per punch (docs/self-check-in.md "Load").
  const ownPunch = { ...own, recalculation: 'worker' as const };

  app.get(SELF_CHECK_IN_TODAY_PATH, { config: own, schema: { tags, response: { 200: selfTodayResponseSchema, ...errors } } }, async (request) =>
    ok(await svc.today(deps, requireUser(request))),
  );
  app.post(
    SELF_CHECK_IN_PUNCHES_PATH,
    { config: ownPunch, bodyLimit: 16 * 1024, schema: { tags, body: selfPunchBodySchema, response: { 200: selfPunchResponseSchema, ...errors } } },
    async (request) => {
      const result = await svc.webPunch(deps, requireUser(request), request.body, metaOf(request));
      return ok(result, result.action === 'CHECK_IN' ? M.checkedIn : M.checkedOut);
    },
  );
  app.put(SELF_CHECK_IN_PIN_PATH, { config: own, schema: { tags, body: selfPinBodySchema, response: { 200: selfPinResponseSchema, ...errors } } }, async (request) => {
    await svc.setPin(deps, requireUser(request), request.body.pin);
    return ok(null, M.pinSaved);
  });
  app.get(SELF_CHECK_IN_QR_PATH, { config: own, schema: { tags, response: { 200: selfQrResponseSchema, ...errors } } }, async (request) =>
    ok(await svc.qrCode(deps, requireUser(request))),
  );
}

/** Check-in places: Admin and HR keep them, HRM reads them. */
function placeRoutes(app: ZodRoutes, deps: Deps) {
  const places = { access: CHECK_IN_PLACE_MANAGERS, scope: 'none' as const };
  const placeReaders = { access: CHECK_IN_PLACE_READERS, scope: 'none' as const };
  app.get(CHECK_IN_PLACES_PATH, { config: placeReaders, schema: { tags, querystring: placeListQuerySchema, response: { 200: placeListResponseSchema, ...errors } } }, async (request) =>
    ok(await svc.listPlaces(deps, request.query.active === undefined ? undefined : request.query.active === 'true')),
  );
  app.post(CHECK_IN_PLACES_PATH, { config: places, schema: { tags, body: placeCreateSchema, response: { 200: placeResponseSchema, ...errors } } }, async (request) =>
    ok(await svc.createPlace(deps, requireUser(request), request.body), M.placeCreated),
  );
  app.put(
    `${CHECK_IN_PLACES_PATH}/:id`,
    { config: places, schema: { tags, params: idPathSchema, body: placeUpdateSchema, response: { 200: placeResponseSchema, ...errors } } },
    async (request) => ok(await svc.updatePlace(deps, requireUser(request), request.params.id, request.body), M.placeUpdated),
  );
  app.get(`${CHECK_IN_PLACES_PATH}/:id/history`, { config: placeReaders, schema: { tags, params: idPathSchema, response: { 200: placeHistoryResponseSchema, ...errors } } }, async (request) =>
    ok(await svc.placeHistory(deps, request.params.id)),
  );
}

/** Kiosks (Admin). */
function kioskRoutes(app: ZodRoutes, deps: Deps) {
  const kiosks = { access: KIOSK_MANAGERS, scope: 'none' as const };
  app.get(KIOSKS_PATH, { config: kiosks, schema: { tags, response: { 200: kioskListResponseSchema, ...errors } } }, async () => ok(await svc.listKiosks(deps)));
  app.post(KIOSKS_PATH, { config: kiosks, schema: { tags, body: kioskCreateSchema, response: { 200: kioskCreatedResponseSchema, ...errors } } }, async (request) =>
    ok(await svc.createKiosk(deps, requireUser(request), request.body), M.kioskCreated),
  );
  app.post(`${KIOSKS_PATH}/:id/revoke`, { config: kiosks, schema: { tags, params: idPathSchema, response: { 200: kioskResponseSchema, ...errors } } }, async (request) =>
    ok(await svc.revokeKiosk(deps, requireUser(request), request.params.id), M.kioskRevoked),
  );
}

/** The kiosk device: no session; its token is checked on request, before the body is read. */
function kioskDeviceRoutes(app: ZodRoutes, deps: Deps) {
  const kioskOf = new WeakMap<FastifyRequest, ActiveKiosk>();
  const kioskDevice = {
    config: { access: 'public' as const, scope: 'none' as const },
    onRequest: async (request: FastifyRequest) => {
      const header = request.headers[KIOSK_TOKEN_HEADER];
      kioskOf.set(request, await svc.authenticateKiosk(deps, typeof header === 'string' ? header : undefined));
    },
  };
  app.get(KIOSK_INFO_PATH, { ...kioskDevice, schema: { tags, response: { 200: kioskInfoResponseSchema, ...errors } } }, async (request) =>
    ok(svc.kioskInfo(deps, kioskOf.get(request)!)),
  );
  app.post(
    KIOSK_PUNCHES_PATH,
    { ...kioskDevice, bodyLimit: 16 * 1024, schema: { tags, body: kioskPunchBodySchema, response: { 200: kioskPunchResponseSchema, ...errors } } },
    async (request) => {
      const result = await svc.kioskPunch(deps, kioskOf.get(request)!, request.body, metaOf(request));
      return ok(result, result.action === 'CHECK_IN' ? M.checkedIn : M.checkedOut);
    },
  );
}

/** The attempts (HR, HRM, Admin) and their export. */
function attemptRoutes(app: ZodRoutes, deps: Deps) {
  const attempts = { access: CHECK_IN_ATTEMPT_READERS, scope: 'all' as const };
  app.get(CHECK_IN_ATTEMPTS_PATH, { config: attempts, schema: { tags, querystring: checkInAttemptQuerySchema, response: { 200: checkInAttemptListResponseSchema, ...errors } } }, async (request) => {
    const { data, page } = await svc.listAttempts(deps, request.query);
    return { code: 200, message: 'Success', data, page };
  });
  app.get(CHECK_IN_ATTEMPTS_EXPORT_PATH, { config: attempts, schema: { tags, querystring: checkInAttemptQuerySchema } }, async (request, reply) =>
    sendXlsx(reply, { fileName: CHECK_IN_ATTEMPTS_EXPORT_FILE, sheetName: 'Check-in attempts', columns: localizedColumns(svc.ATTEMPT_EXPORT_COLUMNS, CHECK_IN_ATTEMPT_EXPORT_HEADERS_VI), rows: svc.attemptExportRows(deps, request.query) }),
  );
}
