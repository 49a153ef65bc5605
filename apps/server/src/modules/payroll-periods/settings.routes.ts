import type { FastifyInstance } from 'fastify';

/** Settings: working types and payroll periods (spec 002 §2 Settings, §7 Settings). */
export async function settingsRoutes(_fastify: FastifyInstance) {}
