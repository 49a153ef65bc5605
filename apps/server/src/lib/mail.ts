import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
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
    await transport.sendMail({ from: config.mailFrom, to, cc: cc ?? undefined, subject: message.subject, text: message.text, html: message.html ?? undefined });
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
