import type { FastifyInstance } from 'fastify';

/** Routes of abnormal cases and the explanations filed from them (issue 9). */
export async function abnormalCaseRoutes(_fastify: FastifyInstance) {}
