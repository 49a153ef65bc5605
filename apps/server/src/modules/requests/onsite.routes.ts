import type { FastifyInstance } from 'fastify';

/** Onsite management (spec 002 §2 Onsite management, §3 Onsite request, §5 Onsite create). */
export async function onsiteRoutes(_fastify: FastifyInstance) {}
