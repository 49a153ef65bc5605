import { eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@tms/contracts/language';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/identity.ts';
import { mailOutbox } from '../db/schema/platform.ts';
import { logConnectionError } from './connection-history.ts';

/** A mail to send; also the payload of the queued mail job (lib/notify.ts), hence a schema. */
export const mailMessageSchema = z.object({
  to: z.union([z.string(), z.array(z.string())]),
  cc: z.union([z.string(), z.array(z.string())]).nullish(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullish(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;
export type MailResult = { id: number; status: 'outbox' | 'sent' | 'failed'; error?: string };

const joinAddresses = (value: string | string[] | null | undefined) => (Array.isArray(value) ? value.join(', ') : (value ?? ''));

/**
 * RULES.md §8: every mail is recorded in `mail_outbox` (what admins read in the app). With `smtpUrl` it is also
 * sent through SMTP and marked sent, or failed with the error and a Connection History row (source 'mail');
 * without it the row stays 'outbox'. A failure is reported in the result, never thrown.
 * Call it with the pool, not inside a transaction: an SMTP exchange must not hold database locks.
 */
export async function sendMail(db: DbOrTx, config: Pick<Config, 'smtpUrl' | 'mailFrom'>, message: MailMessage): Promise<MailResult> {
  const to = joinAddresses(message.to);
  const cc = joinAddresses(message.cc) || null;
  const [row] = await db
    .insert(mailOutbox)
    .values({ to, cc, subject: message.subject, text: message.text, html: message.html ?? null })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned no row');
  if (!config.smtpUrl) return { id: row.id, status: 'outbox' };

  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as nodemailer.TransportOptions);
  try {
    await transport.sendMail({ from: config.mailFrom, to: to || undefined, cc: cc ?? undefined, subject: message.subject, text: message.text, html: message.html ?? undefined });
    await db.update(mailOutbox).set({ status: 'sent', sentAt: sql`now()`, error: null }).where(eq(mailOutbox.id, row.id));
    return { id: row.id, status: 'sent' };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const code = (err as { code?: unknown }).code;
    await db.update(mailOutbox).set({ status: 'failed', error }).where(eq(mailOutbox.id, row.id));
    await logConnectionError(db, { source: 'mail', code: typeof code === 'string' ? code : 'SMTP_ERROR', errorDetails: `Mail ${row.id} to ${to}: ${error}` });
    return { id: row.id, status: 'failed', error };
  } finally {
    transport.close();
  }
}

/** A reader of a mail: their address and the language they read (issue 25). */
export type Addressee = { email: string; language: Language };

/**
 * Issue 25: one message per language of its readers, each written in that language by `compose`, addressed to the
 * recipients and copied to the CC readers of that language only, so nobody reads a mail in another's language. A
 * language with CC readers but no recipient gets its copy with them on CC and no To.
 * Languages in LANGUAGES order; an empty list gives no message.
 */
export function mailsByLanguage(
  to: readonly Addressee[],
  cc: readonly Addressee[],
  compose: (language: Language) => Pick<MailMessage, 'subject' | 'text' | 'html'>,
): MailMessage[] {
  const messages: MailMessage[] = [];
  for (const language of LANGUAGES) {
    const readersTo = to.filter((a) => a.language === language).map((a) => a.email);
    const readersCc = cc.filter((a) => a.language === language).map((a) => a.email);
    if (readersTo.length === 0 && readersCc.length === 0) continue;
    messages.push({ to: readersTo, cc: readersCc.length > 0 ? readersCc : null, ...compose(language) });
  }
  return messages;
}

/**
 * The language each employee reads mail in (issue 25): the one their user account chose (an enabled account before
 * a disabled one, then the oldest); English for an employee without an account or whose account never chose.
 */
export async function employeeLanguages(db: DbOrTx, employeeIds: readonly number[]): Promise<Map<number, Language>> {
  const ids = [...new Set(employeeIds)];
  const out = new Map<number, Language>(ids.map((id) => [id, DEFAULT_LANGUAGE]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: users.id, employeeId: users.employeeId, disabled: users.disabled, language: users.language })
    .from(users)
    .where(inArray(users.employeeId, ids));
  rows.sort((a, b) => Number(a.disabled) - Number(b.disabled) || a.id - b.id);
  const chosen = new Set<number>();
  for (const r of rows) {
    if (r.employeeId === null || chosen.has(r.employeeId) || !isLanguage(r.language)) continue;
    chosen.add(r.employeeId);
    out.set(r.employeeId, r.language);
  }
  return out;
}
