import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { queryRows, queryRowsPrepared } from './client.ts';

/**
 * `queryRowsPrepared` answers what `queryRows` answers: on a server (DATABASE_URL) as named prepared statements, one
 * per text, on the embedded database and inside a transaction as `queryRows`.
 */
const onServer = Boolean(process.env.DATABASE_URL);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const shape = (n: number, twice: boolean) => (twice ? sql`select ${n}::int * 2 as value` : sql`select ${n}::int as value`);

describe('queryRowsPrepared', () => {
  it('answers as queryRows, for each value and each shape of the statement', async () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      for (const twice of [false, true]) {
        expect(await queryRowsPrepared(database.db, shape(n, twice))).toEqual(await queryRows(database.db, shape(n, twice)));
      }
    }
  });

  it('on a server prepares each shape under a name of its text; the embedded database prepares nothing', async () => {
    // Every pooled connection that ran a shape holds it prepared, under one name a shape.
    const [row] = await queryRowsPrepared<{ names: number; texts: number }>(
      database.db,
      sql`select count(distinct name)::int as names, count(distinct statement)::int as texts from pg_prepared_statements where name like 'tms\\_%'`,
    );
    if (onServer) {
      expect(row!.names).toBeGreaterThanOrEqual(1);
      expect(row!.names).toBe(row!.texts);
    } else {
      expect(row).toEqual({ names: 0, texts: 0 });
    }
  });

  it('runs inside a transaction on its connection', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table prepared_probe (n int) on commit drop`);
      await tx.execute(sql`insert into prepared_probe values (41)`);
      return queryRowsPrepared<{ n: number }>(tx, sql`select n + 1 as n from prepared_probe`);
    });
    expect(rows).toEqual([{ n: 42 }]);
  });
});
