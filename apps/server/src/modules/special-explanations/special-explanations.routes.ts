import type { FastifyInstance } from 'fastify';

/** Routes of special explanations (issue 9). */
export async function specialExplanationRoutes(_fastify: FastifyInstance) {}
