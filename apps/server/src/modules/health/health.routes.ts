import type { FastifyInstance } from 'fastify';
import { pingDatabase } from './health.repository.ts';

/**
 * GET /api/health answers 200 when the database answers (RULES.md §1). Load balancers and orchestrators call it
 * every few seconds: its requests are logged only at warn and above (issue 7 §7), so `npm start` stays readable.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { config: { access: 'public' }, schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await pingDatabase(app.db);
      return { code: 200, message: 'OK', data: { database: app.database.kind } };
    } catch {
      return reply.status(503).send({ code: 503, message: 'Database unavailable', data: null });
    }
  });
}
