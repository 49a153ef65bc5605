import type { FastifyInstance } from 'fastify';

/** Leave balances of one user (spec 001 §7.10 get-balance). */
export async function leaveBalanceRoutes(_fastify: FastifyInstance) {
  // built in issue 8
}
