import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The Fastify instance typed by its routes' zod schemas. A route file with many routes registers them in one function
 * per group (a page's own calls, its settings, a device's), each taking this.
 */
export const zodRoutes = (fastify: FastifyInstance) => fastify.withTypeProvider<ZodTypeProvider>();
export type ZodRoutes = ReturnType<typeof zodRoutes>;
