import type { FastifyInstance } from 'fastify';

/** Routes of the request list, detail, export, imports and attachments (issue 9). */
export async function requestListRoutes(_fastify: FastifyInstance) {}
