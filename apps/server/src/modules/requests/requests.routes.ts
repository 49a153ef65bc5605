import type { FastifyInstance } from 'fastify';

/** Routes of the request write side (issue 9). */
export async function requestWriteRoutes(_fastify: FastifyInstance) {}
