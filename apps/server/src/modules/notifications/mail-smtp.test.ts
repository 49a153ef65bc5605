import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import type { TestApp } from '../../test/harness.ts';
import { api, FRI, requestWriteApp } from '../request-days/request-write.test-support.ts';

/**
 * Issue 25 §4: mail through a real SMTP receiver (smtp-server on a free port). A staff member files a request; their
 * lead reads Vietnamese, the CC English. The writer's transaction queues one send job per language; the mail drain
 * (the job worker) delivers them; each is read back from the receiver and decoded as a mail client would.
 */

type Received = { from: string; rcptTo: string[]; raw: string };

/** A receiving SMTP server on 127.0.0.1 and a free port, without TLS or authentication. */
async function startReceiver() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) of a header value, decoded to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** A single-part text mail as a client shows it: decoded headers and the body in its charset. */
function parseMail(raw: string): { headers: Record<string, string>; contentType: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoded = raw.slice(split + 4);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(encoded.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(encoded.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1')
        : Buffer.from(encoded, 'latin1');
  const decodedHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, decodeWords(v)]));
  return { headers: decodedHeaders, contentType: headers['content-type'] ?? '', body: bytes.toString('utf8').replace(/\r\n/g, '\n') };
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const { call, leave, create } = api(() => t);

beforeAll(async () => {
  t = await requestWriteApp();
  receiver = await startReceiver();
  // What SMTP_URL and APP_URL set at start-up; the routes read the app's config object.
  Object.assign(t.app.config, { smtpUrl: receiver.url, appUrl: 'https://tms.example.vn/cham-cong' });
  expect((await call('gl', 'PUT', '/api/auth/language', { language: 'vi' })).status).toBe(200);
  expect((await call('staff2', 'PUT', '/api/auth/language', { language: 'en' })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('a new request mailed through SMTP, each reader in their language', () => {
  it('queues the mails in the transaction, delivers them after the drain, and each reads right', async () => {
    const id = await create('staff', leave(FRI, { mail_cc: [t.fixture.employeeIds.staff2!] }));
    // Nothing is sent inside the request: one job per language waits for the worker.
    expect(receiver.received).toEqual([]);
    const queued = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from jobs where name = 'notifications.send-mail' and status = 'queued'`);
    expect(queued[0]!.n).toBe(2);

    await runDueJobs(t.app);
    expect(receiver.received).toHaveLength(2);
    const link = `https://tms.example.vn/cham-cong/timesheet/request-management?id=${id}`;

    const toLead = receiver.received.find((m) => m.rcptTo.includes('gl@cglobal.test'))!;
    expect(toLead.rcptTo).toEqual(['gl@cglobal.test']);
    expect(toLead.from).toBe('no-reply@tms.local');
    // On the wire the subject is an encoded word and the body a transfer encoding of UTF-8: 7-bit clean.
    expect(toLead.raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    expect(/[^\x00-\x7f]/.test(toLead.raw)).toBe(false);
    const vi = parseMail(toLead.raw);
    expect(vi.headers.subject).toBe(`Yêu cầu #${id} của Son Staff được chuyển đến bạn để phê duyệt`);
    expect(vi.headers.to).toBe('gl@cglobal.test');
    expect(vi.headers.cc).toBeUndefined();
    expect(vi.contentType).toMatch(/charset=utf-8/i);
    expect(vi.body).toBe(`Yêu cầu #${id} của Son Staff được chuyển đến bạn để phê duyệt\n\nXem chi tiết: ${link}\n`);

    const toCc = receiver.received.find((m) => m.rcptTo.includes('staff2@cglobal.test'))!;
    expect(toCc.rcptTo).toEqual(['staff2@cglobal.test']);
    const en = parseMail(toCc.raw);
    expect(en.headers.subject).toBe(`Request #${id} of Son Staff is assigned to you`);
    expect(en.headers.cc).toBe('staff2@cglobal.test');
    expect(en.body).toBe(`Request #${id} of Son Staff is assigned to you\n\nOpen: ${link}\n`);

    // Both outbox rows are marked sent, in the language each went out in.
    const rows = await queryRows<{ to: string; cc: string | null; subject: string; status: string }>(
      t.db,
      sql`select "to", cc, subject, status from mail_outbox where text like ${`%id=${id}\n%`} order by id`,
    );
    expect(rows).toEqual([
      { to: '', cc: 'staff2@cglobal.test', subject: `Request #${id} of Son Staff is assigned to you`, status: 'sent' },
      { to: 'gl@cglobal.test', cc: null, subject: `Yêu cầu #${id} của Son Staff được chuyển đến bạn để phê duyệt`, status: 'sent' },
    ]);
  });
});
