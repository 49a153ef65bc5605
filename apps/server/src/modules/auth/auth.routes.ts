import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { AUTH_MESSAGES } from '@tms/contracts/auth-messages';
import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  LANGUAGE_PATH,
  languageRequestSchema,
  languageResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  publicKeyResponseSchema,
  userDetailQuerySchema,
  userDetailResponseSchema,
  type LoginError as LoginErrorBody,
} from '@tms/contracts/auth';
import { zodRoutes, type ZodRoutes } from '../../lib/route-app.ts';
import { requireUser } from '../../plugins/auth.ts';
import { changePassword, login, LoginError, logout, publicKey, setLanguage, TooManyAttemptsError, userDetail } from './auth.service.ts';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema, 429: errorEnvelopeSchema };


/** A failed sign-in carries `errorMessage`, which the login page shows (spec 002 §7, §8). */
function loginFailure(code: number, message: string, messages?: string[]): LoginErrorBody {
  return messages ? { code, message, messages, errorMessage: message, data: null } : { code, message, errorMessage: message, data: null };
}

/** RULES.md §2 identity: public key, sign-in, sign-out, password change, the user's language, user detail. */
export async function authRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  signInRoutes(app);
  accountRoutes(app);
}

/** The public key and sign-in, the only calls without a session. */
function signInRoutes(app: ZodRoutes) {
  app.get(
    '/auth/public-key',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: publicKeyResponseSchema } } },
    async () => ({ code: 200, message: 'Success', data: { publicKey: await publicKey(app.db) } }),
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      // Validation failures answer with `errorMessage` as every other sign-in failure does.
      attachValidation: true,
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } },
    },
    async (request, reply) => {
      if (request.validationError) {
        const messages = hasZodFastifySchemaValidationErrors(request.validationError)
          ? request.validationError.validation.map((v: { message: string }) => v.message)
          : [request.validationError.message];
        return reply.status(400).send(loginFailure(400, messages[0]!, messages));
      }
      try {
        const data = await login(app.db, request.body, { ip: request.ip, userAgent: request.headers['user-agent'], today: app.clock.today() });
        return { code: 200, message: 'Success', data };
      } catch (error) {
        if (error instanceof TooManyAttemptsError) {
          return reply.status(429).header('retry-after', String(error.retryAfterSeconds)).send(loginFailure(429, error.message));
        }
        if (!(error instanceof LoginError)) throw error;
        return reply.status(error.statusCode).send(loginFailure(error.statusCode, error.message, error.messages));
      }
    },
  );
}

/** The signed-in user's own: sign-out, password, language, detail. */
function accountRoutes(app: ZodRoutes) {
  app.post(
    '/auth/logout',
    { config: { access: 'signed-in' }, schema: { tags: ['auth'], response: { 200: logoutResponseSchema, ...errors } } },
    async (request) => {
      await logout(app.db, requireUser(request));
      return { code: 200, message: AUTH_MESSAGES.loggedOut, data: null };
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['auth'], body: changePasswordRequestSchema, response: { 200: changePasswordResponseSchema, ...errors } },
    },
    async (request, reply) => {
      try {
        await changePassword(app.db, requireUser(request), request.body, { ip: request.ip });
      } catch (error) {
        if (!(error instanceof TooManyAttemptsError)) throw error;
        return reply.status(429).header('retry-after', String(error.retryAfterSeconds)).send({ code: 429, message: error.message, data: null });
      }
      return { code: 200, message: AUTH_MESSAGES.passwordChanged, data: null };
    },
  );

  app.put(
    LANGUAGE_PATH,
    { config: { access: 'signed-in', scope: 'own' }, schema: { tags: ['auth'], body: languageRequestSchema, response: { 200: languageResponseSchema, ...errors } } },
    async (request) => {
      await setLanguage(app.db, requireUser(request), request.body.language);
      return { code: 200, message: 'Success', data: null };
    },
  );

  app.get(
    '/tms/user/detail',
    {
      // Own detail for everyone, anyone's for HR, HRM and Admin (RULES.md §2); enforced in the service.
      config: { access: 'signed-in', scope: 'own' },
      schema: { tags: ['auth'], querystring: userDetailQuerySchema, response: { 200: userDetailResponseSchema, ...errors } },
    },
    async (request) => ({
      code: 200,
      message: 'Success',
      data: await userDetail(app.db, requireUser(request), request.query.username, app.clock.today()),
    }),
  );
}
