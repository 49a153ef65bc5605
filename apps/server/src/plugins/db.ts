import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { type Clock, systemClock } from '../lib/clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    /** Business time (lib/clock.ts): every "now" and "today" of a rule comes from here. */
    clock: Clock;
  }
}

export const dbPlugin = fp(async (app: FastifyInstance, opts: { database: Database; config: Config; clock?: Clock }) => {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('config', opts.config);
  app.decorate('clock', opts.clock ?? systemClock(opts.config.companyTimeZone));
});
