import { inArray, or } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/identity.ts';
import { employees } from '../db/schema/organisation.ts';
import { notifications } from '../db/schema/platform.ts';
import { DEFAULT_LANGUAGE, type Language } from '@tms/contracts/language';
import { MAIL_TEXTS } from '@tms/contracts/mail-texts';
import { renderNotificationText, type NotificationText } from '@tms/contracts/notification-texts';
import { defineJob, enqueueJob, type JobContext } from './jobs.ts';
import { employeeLanguages, mailMessageSchema, mailsByLanguage, sendMail, type Addressee, type MailMessage } from './mail.ts';

/**
 * RULES.md §8 in-app notification kinds: an item assigned to you, your item approved or rejected, a timesheet sent for
 * review / approved / rejected, a calculation finished. Other kinds are allowed (WITHDRAWN, CANCELLED, COMMENT,
 * BACKUP_FAILED, …).
 */
export type NotificationType =
  | 'ASSIGNED'
  | 'APPROVED'
  | 'REJECTED'
  | 'TIMESHEET_REVIEW'
  | 'TIMESHEET_APPROVED'
  | 'TIMESHEET_REJECTED'
  | 'CALCULATION_FINISHED'
  // Issue 30 §4 scheduled reminders (modules/my-work/reminders, docs/reminders.md)
  | 'REMINDER_APPROVALS'
  | 'REMINDER_EXPLANATION'
  | 'REMINDER_CHECK_OUT'
  | 'REMINDER_PERIOD'
  | (string & {});

/**
 * What a notification says (issue 25): a text of the catalogue (`text`, rendered in each reader's language when the
 * list is read and in each recipient's language in the mail), or a fixed `title` shown as is in every language.
 * `body` is free text someone typed (a reason, a comment): it is never translated, and a text with a body of its own
 * ignores it.
 */
export type NotificationContent = ({ text: NotificationText; title?: never } | { text?: never; title: string }) & { body?: string | null };

/**
 * The row's stored columns: the English rendering in title and body (what a reader of the table sees), the key and
 * parameters beside them (what the list renders in the reader's language). For a writer that inserts rows itself.
 */
export function notificationColumns(c: NotificationContent): { title: string; body: string | null; textKey: string | null; textParams: unknown } {
  if (!c.text) return { title: c.title, body: c.body ?? null, textKey: null, textParams: null };
  const en = renderText(c, 'en');
  return { title: en.title, body: en.body, textKey: c.text.key, textParams: c.text.params };
}

/** Title and body of a notification's content in `language`. */
function renderText(c: NotificationContent, language: Language): { title: string; body: string | null } {
  if (!c.text) return { title: c.title, body: c.body ?? null };
  return renderNotificationText({ key: c.text.key, params: c.text.params }, language, { title: c.text.key, body: c.body ?? null });
}

/** Adds one notification for a user; call it in the transaction of the change it reports, so both exist or neither. */
export async function notify(tx: DbOrTx, n: NotificationContent & { userId: number; type: NotificationType; link?: string | null }): Promise<number> {
  const [row] = await tx
    .insert(notifications)
    .values({ userId: n.userId, notificationType: n.type.slice(0, 40), ...notificationColumns(n), link: n.link ?? null })
    .returning({ id: notifications.id });
  if (!row) throw new Error('notifications insert returned no row');
  return row.id;
}

/** The job that sends, after the writer's commit, the mails `notifyEvent` queued when SMTP is configured. */
export const NOTIFY_MAIL_JOB = 'notifications.send-mail';
export const notifyMailJob = defineJob({ name: NOTIFY_MAIL_JOB, payload: mailMessageSchema });

export type NotifyEventInput = NotificationContent & {
  /** Users to notify in the app and by mail (their employee's address). */
  userIds?: readonly number[];
  /** Employees to notify: in the app through their user account(s), by mail always — an employee without an account gets mail only. */
  employeeIds?: readonly number[];
  /** The item's CC list (employee ids): copied on the mail, no in-app row. */
  ccEmployeeIds?: readonly number[];
  type: NotificationType;
  /** In-app path of the item (`/timesheet/request-management?id=42`); the mail carries it absolute when `appUrl` is set. */
  link?: string | null;
};

export type NotifyMailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'appUrl'>;

/** An absolute link to the item when the app's base URL is known, else the path itself. */
export function mailLink(link: string, appUrl?: string): string {
  if (!appUrl) return link;
  try {
    return new URL(link.replace(/^\/+/, ''), appUrl.endsWith('/') ? appUrl : `${appUrl}/`).toString();
  } catch {
    return link;
  }
}

/** The mail of an event in `language`: the title as subject; the title, the body and the item's link as text. */
function eventMail(input: NotifyEventInput, language: Language, appUrl?: string): { subject: string; text: string } {
  const { title, body } = renderText(input, language);
  const parts = [title];
  if (body) parts.push('', body);
  if (input.link) parts.push('', MAIL_TEXTS.open[language](mailLink(input.link, appUrl)));
  return { subject: title, text: `${parts.join('\n')}\n` };
}

const ids = (list: readonly number[] | undefined) => [...new Set((list ?? []).filter((v) => Number.isInteger(v) && v > 0))];

/**
 * RULES.md §8, one event (an item assigned to you, your item approved or rejected, …): in the caller's transaction
 * writes one in-app row per recipient user (set-based) and the mail to the recipients with the CC list copied, each
 * with the item's link. Issue 25: the in-app rows are rendered in their reader's language when read; the mail is
 * written in each reader's stored language, one message per language (lib/mail.ts `mailsByLanguage`), so a CC reader
 * of another language than the recipients gets their own copy. Without SMTP each message is a `mail_outbox` row,
 * written in the same transaction; with `smtpUrl` a `notifications.send-mail` job per message is queued in the
 * transaction instead, so the SMTP exchange runs after the commit (never holding the writer's locks, never for a
 * rolled-back change) and records its outbox row then.
 * Disabled users get no in-app row; recipients without an address get no mail.
 */
export async function notifyEvent(tx: DbOrTx, config: NotifyMailConfig, input: NotifyEventInput): Promise<{ notificationIds: number[]; mailTo: string[]; mailCc: string[] }> {
  const userIds = ids(input.userIds);
  const employeeIds = ids(input.employeeIds);
  const ccIds = ids(input.ccEmployeeIds);
  if (userIds.length === 0 && employeeIds.length === 0 && ccIds.length === 0) return { notificationIds: [], mailTo: [], mailCc: [] };

  const who = [userIds.length > 0 ? inArray(users.id, userIds) : undefined, employeeIds.length > 0 ? inArray(users.employeeId, employeeIds) : undefined].filter((c) => c !== undefined);
  const people =
    who.length === 0 ? [] : await tx.select({ id: users.id, employeeId: users.employeeId, disabled: users.disabled }).from(users).where(or(...who));
  const inAppUsers = [...new Set(people.filter((p) => !p.disabled).map((p) => p.id))].sort((a, b) => a - b);
  const stored = notificationColumns(input);
  const inserted =
    inAppUsers.length === 0
      ? []
      : await tx
          .insert(notifications)
          .values(inAppUsers.map((userId) => ({ userId, notificationType: input.type.slice(0, 40), ...stored, link: input.link ?? null })))
          .returning({ id: notifications.id });

  const recipientEmployees = new Set([...employeeIds, ...people.filter((p) => userIds.includes(p.id) && p.employeeId !== null).map((p) => p.employeeId!)]);
  const wanted = [...new Set([...recipientEmployees, ...ccIds])];
  const found = await tx.select({ id: employees.id, email: employees.email }).from(employees).where(inArray(employees.id, wanted));
  const languages = await employeeLanguages(tx, found.map((e) => e.id));
  const to: Addressee[] = [];
  const cc: Addressee[] = [];
  const seen = new Set<string>();
  // Recipients first, so one also on the CC list is mailed once, as a recipient.
  for (const e of [...found].sort((a, b) => Number(recipientEmployees.has(b.id)) - Number(recipientEmployees.has(a.id)) || a.id - b.id)) {
    const email = e.email.trim();
    if (!email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    (recipientEmployees.has(e.id) ? to : cc).push({ email, language: languages.get(e.id) ?? DEFAULT_LANGUAGE });
  }
  if (to.length === 0) to.push(...cc.splice(0));
  const notificationIds = inserted.map((r) => r.id).sort((a, b) => a - b);
  if (to.length === 0) return { notificationIds, mailTo: [], mailCc: [] };

  for (const message of mailsByLanguage(to, cc, (language) => eventMail(input, language, config.appUrl))) {
    if (config.smtpUrl) await enqueueJob(tx, { job: notifyMailJob, payload: message, maxAttempts: 1 });
    else await sendMail(tx, { mailFrom: config.mailFrom }, message);
  }
  return { notificationIds, mailTo: to.map((a) => a.email), mailCc: cc.map((a) => a.email) };
}

/** Job handler of NOTIFY_MAIL_JOB: sends the queued mail (outbox row always; SMTP; a failure is recorded, not retried). */
export async function runNotifyMailJob(payload: MailMessage, ctx: JobContext): Promise<{ mailId: number; status: string }> {
  const result = await sendMail(ctx.app.db, ctx.app.config, payload);
  return { mailId: result.id, status: result.status };
}
