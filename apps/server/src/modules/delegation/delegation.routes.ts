import type { FastifyInstance } from 'fastify';

/** FOUNDATION STUB (Delegation Management): registered in modules/registry.ts; its helper fills it. */
export async function delegationRoutes(_fastify: FastifyInstance) {}
