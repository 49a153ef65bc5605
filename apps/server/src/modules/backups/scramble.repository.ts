import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** A column a scramble rewrites, with the type it is written back as. */
export type ScrambledColumn = { name: string; type: 'text' | 'jsonb' };

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every employee's personal values, as they are before the scramble. */
export async function personalValues(tx: DbOrTx): Promise<{ id: number; name: string; email: string; personal_email: string | null }[]> {
  const rows = await queryRows<{ id: number; name: string; email: string; personal_email: string | null }>(tx, sql`select id, name, email, personal_email from employees order by id`);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Writes the employees' fake values; an empty personal e-mail or date of birth stays empty. */
export async function writeEmployeeFakes(tx: DbOrTx, rows: { id: number; name: string; email: string; personal_email: string; date_of_birth: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update employees e
       set name = x.name, email = x.email,
           personal_email = case when e.personal_email is null then null else x.personal_email end,
           date_of_birth = case when e.date_of_birth is null then null else x.date_of_birth end
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, name text, email text, personal_email text, date_of_birth date)
     where e.id = x.id`);
}

/** A device account's name is the person's as the device spells it (often without diacritics): `Employee <id>` as in fakesOf. */
export async function scrambleDeviceAccountNames(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`update attendance_check_configs set attendance_check_name = 'Employee ' || employee_id where attendance_check_name is not null`);
}

/** Every user signs in with one password, whose argon2id hash is given. */
export async function setEveryPasswordHash(tx: DbOrTx, passwordHash: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(tx, sql`update users set password_hash = ${passwordHash} returning id`);
  return rows.length;
}

/**
 * Uploaded files (medical certificates, signed forms) become a short text saying they were removed; size and SHA-256
 * follow the new content, so downloads still answer.
 */
export async function replaceStoredFiles(tx: DbOrTx, placeholder: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update stored_files
           set content = convert_to(${placeholder}, 'UTF8'), size = octet_length(convert_to(${placeholder}, 'UTF8')),
               sha256 = encode(sha256(convert_to(${placeholder}, 'UTF8')), 'hex'), content_type = 'text/plain'
        returning id`,
  );
  return rows.length;
}

/**
 * History is append-only by trigger (RULES.md §8). Only a scramble, in the copy and inside its own transaction, turns
 * the row trigger off to rewrite the names in it, and on again before it commits.
 */
export async function setHistoryTrigger(tx: DbOrTx, enabled: boolean): Promise<void> {
  await tx.execute(sql.raw(`alter table history ${enabled ? 'enable' : 'disable'} trigger history_no_update_delete`));
}

/** Rows of `table` after `afterId` in id order, `columns` of them (names from the scramble's own list, never input). */
export async function readRowsAfter<T>(tx: DbOrTx, table: string, columns: readonly string[], afterId: number, limit: number): Promise<T[]> {
  return queryRows<T>(tx, sql`select id, ${sql.raw(columns.map(ident).join(', '))} from ${sql.raw(ident(table))} where id > ${afterId} order by id limit ${limit}`);
}

/** Writes `columns` of the given rows (by id) in one statement. */
export async function writeRows(tx: DbOrTx, table: string, columns: readonly ScrambledColumn[], rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const set = columns.map((c) => `${ident(c.name)} = x.${ident(c.name)}`).join(', ');
  const shape = ['id int', ...columns.map((c) => `${ident(c.name)} ${c.type}`)].join(', ');
  await tx.execute(
    sql`update ${sql.raw(ident(table))} t set ${sql.raw(set)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(shape)}) where t.id = x.id`,
  );
}

/** The history entries of employee records, whose changes and records hold former names and e-mails. */
export async function employeeHistoryRows<T>(tx: DbOrTx): Promise<T[]> {
  return queryRows<T>(tx, sql`select id, table_name, record_id, changes, new_record, created_by_name from history where table_name = 'employees' order by id`);
}
