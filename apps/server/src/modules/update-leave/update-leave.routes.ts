import type { FastifyInstance } from 'fastify';

/** Update Leave: recompute leave funds as a job (spec 002 §2). */
export async function updateLeaveRoutes(_fastify: FastifyInstance) {
  // built in issue 8
}
