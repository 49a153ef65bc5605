import type { Db, DbOrTx } from '../../db/client.ts';
import { createRedactor, redactJson, type Redactor, type Replacement } from './redactor.ts';
import { fakesOf, formerValues, scrambleHistoryRow, type HistoryTexts } from './scramble-history.ts';
import * as repo from './scramble.repository.ts';

/** What an uploaded file of a scrambled copy holds instead of its content. */
export const REMOVED_FILE_TEXT = 'This file was removed from a scrambled copy of the TMS database.';

const BATCH = 2000;
const text = (...names: string[]): repo.ScrambledColumn[] => names.map((name) => ({ name, type: 'text' as const }));

type Rewrite = { table: string; columns: repo.ScrambledColumn[]; alsoRead?: string[]; row?: (row: HistoryTexts, redact: Redactor) => HistoryTexts };

/** The tables whose free texts name people (notification titles, mails, file names) and history. */
const REWRITES: Rewrite[] = [
  // text_params: the names and titles a notification's text is rendered from (issue 25).
  { table: 'notifications', columns: [...text('title', 'body'), { name: 'text_params', type: 'jsonb' }] },
  { table: 'mail_outbox', columns: text('to', 'cc', 'subject', 'text', 'html') },
  { table: 'stored_files', columns: text('original_name') },
  {
    table: 'history',
    columns: [{ name: 'changes', type: 'jsonb' }, { name: 'new_record', type: 'jsonb' }, ...text('created_by_name')],
    alsoRead: ['table_name', 'record_id'],
    row: scrambleHistoryRow,
  },
];

export type ScrambleSummary = { employees: number; users: number; files: number; rewritten: Record<string, number> };

/**
 * Replaces the personal data of a copy so it can be handed to a vendor (README "Outgrowing the embedded database"),
 * in one transaction: employees' names, e-mails, personal e-mails and dates of birth become fakesOf(id); device
 * account names follow; every user's password becomes the one whose hash is given; uploaded files become a line of
 * text; and the names and e-mails those employees had, now or before, are replaced wherever notifications, mails,
 * file names and history spell them. Usernames stay (they are how a vendor signs in as a given role). Never run it on
 * the database a server uses: it rewrites history.
 */
export async function scrambleCopy(db: Db, opts: { passwordHash: string }): Promise<ScrambleSummary> {
  return db.transaction(async (tx) => {
    const people = await repo.personalValues(tx);
    const former = formerValues(await repo.employeeHistoryRows<HistoryTexts>(tx));
    const names: Replacement[] = [...people.map((p) => ({ original: p.name, fake: fakesOf(p.id).name })), ...former.names];
    const emails: Replacement[] = [
      ...people.flatMap((p) => [
        { original: p.email, fake: fakesOf(p.id).email },
        ...(p.personal_email ? [{ original: p.personal_email, fake: fakesOf(p.id).personalEmail }] : []),
      ]),
      ...former.emails,
    ];
    const redact = createRedactor(names, emails);
    await repo.writeEmployeeFakes(
      tx,
      people.map((p) => {
        const f = fakesOf(p.id);
        return { id: p.id, name: f.name, email: f.email, personal_email: f.personalEmail, date_of_birth: f.dateOfBirth };
      }),
    );
    await repo.scrambleDeviceAccountNames(tx);
    const users = await repo.setEveryPasswordHash(tx, opts.passwordHash);
    const files = await repo.replaceStoredFiles(tx, REMOVED_FILE_TEXT);
    const rewritten: Record<string, number> = {};
    await repo.setHistoryTrigger(tx, false);
    for (const rewrite of REWRITES) rewritten[rewrite.table] = await rewriteTable(tx, rewrite, redact);
    await repo.setHistoryTrigger(tx, true);
    return { employees: people.length, users, files, rewritten };
  });
}

/** Reads a table in id order, batch by batch, and writes back the rows whose texts changed. Answers their number. */
async function rewriteTable(tx: DbOrTx, rewrite: Rewrite, redact: Redactor): Promise<number> {
  const names = rewrite.columns.map((c) => c.name);
  let after = 0;
  let changed = 0;
  for (;;) {
    const rows = await repo.readRowsAfter<Record<string, unknown> & { id: number }>(tx, rewrite.table, [...names, ...(rewrite.alsoRead ?? [])], after, BATCH);
    if (rows.length === 0) return changed;
    const out: Record<string, unknown>[] = [];
    for (const row of rows) {
      const next: Record<string, unknown> = rewrite.row
        ? rewrite.row(row as unknown as HistoryTexts, redact)
        : Object.fromEntries(rewrite.columns.map((c) => [c.name, c.type === 'jsonb' ? redactJson(row[c.name], redact) : typeof row[c.name] === 'string' ? redact(row[c.name] as string) : row[c.name]]));
      const written = Object.fromEntries([['id', Number(row.id)], ...names.map((n) => [n, next[n]])]);
      if (names.some((n) => JSON.stringify(next[n]) !== JSON.stringify(row[n]))) out.push(written);
    }
    await repo.writeRows(tx, rewrite.table, rewrite.columns, out);
    changed += out.length;
    after = Number(rows[rows.length - 1]!.id);
  }
}
