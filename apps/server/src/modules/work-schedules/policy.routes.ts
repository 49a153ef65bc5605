import type { FastifyInstance } from 'fastify';

/** Policy management and job info history: staff and department policies (spec 002 §2, §3, §4, §5, §7). */
export async function policyRoutes(_fastify: FastifyInstance) {}
