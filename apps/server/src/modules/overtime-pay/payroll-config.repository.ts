import { sql } from 'drizzle-orm';
import { payrollKeyOf } from '@tms/contracts/overtime-pay';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** Payroll configuration tables (spec 002 §3 Payroll config table; migration 0015 inserts the defaults). */
export type PayrollConfigRow = { id: number; table_code: string; table_config: { key: string; value: number }[]; version: number };

/** A stored table with its keys as the spec writes them (a row written before migration 0022 reads the same). */
const withSpecKeys = (rows: PayrollConfigRow[]): PayrollConfigRow[] =>
  rows.map((r) => ({ ...r, table_config: r.table_config.map((c) => ({ key: payrollKeyOf(c.key), value: c.value })) }));

export async function allConfigTables(db: DbOrTx): Promise<PayrollConfigRow[]> {
  return withSpecKeys(await queryRows<PayrollConfigRow>(db, sql`select id, table_code, table_config, version from payroll_config_tables order by id`));
}

/** The tables for an update, locked until the transaction ends. */
export async function configTablesForUpdate(tx: DbOrTx): Promise<PayrollConfigRow[]> {
  return withSpecKeys(await queryRows<PayrollConfigRow>(tx, sql`select id, table_code, table_config, version from payroll_config_tables order by id for update`));
}

export async function writeConfigTable(tx: DbOrTx, id: number, config: { key: string; value: number }[], userId: number | null): Promise<PayrollConfigRow> {
  const [row] = await queryRows<PayrollConfigRow>(
    tx,
    sql`update payroll_config_tables
           set table_config = ${JSON.stringify(config)}::jsonb, version = version + 1, updated_at = now(), updated_by_user_id = ${userId}
         where id = ${id}
     returning id, table_code, table_config, version`,
  );
  return withSpecKeys([row!])[0]!;
}

/** The overtime coefficients as one key → value map (one statement). */
export async function overtimeCoefficients(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await queryRows<{ key: string; value: number }>(
    db,
    sql`select c->>'key' as key, (c->>'value')::int as value
          from payroll_config_tables t, jsonb_array_elements(t.table_config) c
         where t.table_code = 'payroll_overtime'`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.value)]));
}
