import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob, registerJob } from '../lib/jobs.ts';

/**
 * Test-only (server-shutdown.test.ts): loaded with `tsx --import` before server.ts, never imported by the server.
 * Registers `test.slow`, a job that works against the database for `payload.ms`: in short queries, or inside one
 * transaction that holds the database the whole time (`payload.holdTransaction`).
 */
export const slowJob = defineJob({ name: 'test.slow', payload: z.object({ ms: z.number(), holdTransaction: z.boolean().optional() }) });

registerJob(slowJob, async (payload, { app, jobId }) => {
  console.log(`slow job ${jobId} started`);
  const until = Date.now() + payload.ms;
  if (payload.holdTransaction) {
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await sleep(payload.ms);
    });
    return 'held';
  }
  while (Date.now() < until) {
    await app.db.execute(sql`select 1`);
    await sleep(100);
  }
  return 'done';
});
