import type { FastifyInstance } from 'fastify';

/** The ZKTeco ADMS / iClock push endpoints (issue 13), under /iclock. Stub. */
export async function iclockRoutes(_fastify: FastifyInstance) {}
