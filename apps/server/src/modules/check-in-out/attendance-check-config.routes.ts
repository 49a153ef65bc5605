import type { FastifyInstance } from 'fastify';

/** Employee – Attendance Check System Config (spec 002 §2, §3, §5, §7). */
export async function attendanceCheckConfigRoutes(_fastify: FastifyInstance) {}
