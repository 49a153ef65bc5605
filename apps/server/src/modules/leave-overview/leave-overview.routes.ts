import type { FastifyInstance } from 'fastify';

/** Annual leave overview, explain and export (spec 000 §2, §3, §7). */
export async function leaveOverviewRoutes(_fastify: FastifyInstance) {
  // built in issue 8
}
