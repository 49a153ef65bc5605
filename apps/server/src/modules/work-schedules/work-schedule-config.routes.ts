import type { FastifyInstance } from 'fastify';

/** Policy config: work schedules, and the work schedule report (spec 002 §2, §5, §7). */
export async function workScheduleConfigRoutes(_fastify: FastifyInstance) {}
