import type { FastifyInstance } from 'fastify';

/** Routes of in-app notifications (issue 9). */
export async function notificationsRoutes(_fastify: FastifyInstance) {}
