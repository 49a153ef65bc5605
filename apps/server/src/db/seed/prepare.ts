import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../client.ts';

export type Prepared = { demoAccounts?: string[]; demoPassword?: string; generatedAdminPassword?: string };

// STUB — to be implemented by the seed work: demo company on first start, or the first admin.
export async function prepareData(db: Db, config: Config, log: FastifyBaseLogger): Promise<Prepared> {
  void db; void config; void log;
  return {};
}
