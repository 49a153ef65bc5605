import type { FastifyInstance } from 'fastify';

/** FOUNDATION STUB (the Timesheets Summary and Details reports): registered in modules/registry.ts; its helper fills it. */
export async function timesheetReportRoutes(_fastify: FastifyInstance) {}
