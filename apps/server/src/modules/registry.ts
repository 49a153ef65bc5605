import type { FastifyInstance } from 'fastify';

/** Every feature module, registered under /api. Add a module here when you add its folder. */
export async function registerModules(app: FastifyInstance) {
  void app;
}
