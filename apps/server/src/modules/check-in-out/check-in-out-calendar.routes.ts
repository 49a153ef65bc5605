import type { FastifyInstance } from 'fastify';

/** FOUNDATION STUB (the Check In-Out Time calendar): registered in modules/registry.ts; its helper fills it. */
export async function checkInOutCalendarRoutes(_fastify: FastifyInstance) {}
