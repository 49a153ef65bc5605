import type { FastifyInstance } from 'fastify';

/** Logs: logs list, connection history and the mail outbox (spec 002 §2 Logs; RULES.md §8). */
export async function logsRoutes(_fastify: FastifyInstance) {}
