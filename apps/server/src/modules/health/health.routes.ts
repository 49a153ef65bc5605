import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/** GET /api/health answers 200 when the database answers (RULES.md §1). */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { code: 200, message: 'OK', data: { database: app.database.kind } };
    } catch {
      return reply.status(503).send({ code: 503, message: 'Database unavailable', data: null });
    }
  });
}
