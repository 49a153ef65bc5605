import type { FastifyInstance } from 'fastify';

/** Leave carryover (spec 000 §2, §4, §5, §7). */
export async function leaveCarryoverRoutes(_fastify: FastifyInstance) {
  // built in issue 8
}
