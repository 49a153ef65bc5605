import type { FastifyInstance } from 'fastify';

/** General configuration (spec 000 §2, §4, §5, §7). */
export async function generalConfigRoutes(_fastify: FastifyInstance) {
  // built in issue 8
}
