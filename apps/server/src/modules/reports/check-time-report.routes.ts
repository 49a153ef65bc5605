import type { FastifyInstance } from 'fastify';

/** FOUNDATION STUB (the Check in - Check out report): registered in modules/registry.ts; its helper fills it. */
export async function checkTimeReportRoutes(_fastify: FastifyInstance) {}
