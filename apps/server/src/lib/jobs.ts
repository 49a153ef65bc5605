import type { FastifyInstance } from 'fastify';

// STUB — to be implemented by the libs work: durable queue on the `jobs` table.
export function startJobWorker(app: FastifyInstance): { stop(): Promise<void> } {
  void app;
  return { stop: async () => {} };
}
