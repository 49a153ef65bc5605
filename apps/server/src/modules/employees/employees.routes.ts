import type { FastifyInstance } from 'fastify';

/** Employee management (spec 002 §2, §3 Employee, §7 Employees). */
export async function employeesRoutes(_fastify: FastifyInstance) {}
