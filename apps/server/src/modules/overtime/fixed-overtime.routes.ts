import type { FastifyInstance } from 'fastify';

/** FOUNDATION STUB: registered in modules/registry.ts; its helper fills it. */
export async function fixedOvertimeRoutes(_fastify: FastifyInstance) {}
