import type { FastifyInstance } from 'fastify';

/** Attendance Devices (issue 13): Admin registers, edits and deactivates ADMS / iClock devices. Stub. */
export async function attendanceDevicesRoutes(_fastify: FastifyInstance) {}
