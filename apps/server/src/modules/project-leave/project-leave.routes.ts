import type { FastifyInstance } from 'fastify';

/** Project leave (spec 000 §2, §4, §5, §7). */
export async function projectLeaveRoutes(_fastify: FastifyInstance) {
  // built in issue 8
}
