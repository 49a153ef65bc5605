import type { FastifyInstance } from 'fastify';

/** Routes of Explanation Management (issue 9). */
export async function explanationManagementRoutes(_fastify: FastifyInstance) {}
