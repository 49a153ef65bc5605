import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { connectionHistory, mailOutbox } from '../db/schema/platform.ts';
import { createTestDatabase } from '../test/database.ts';
import { sendMail } from './mail.ts';

type Received = { mailFrom: string; rcptTo: string[]; data: string };

/** Just enough SMTP (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) on 127.0.0.1 and a random port. */
async function startSmtpServer(opts: { rejectRecipient?: string } = {}) {
  const received: Received[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('latin1');
    let buffer = '';
    let inData = false;
    let current: Received = { mailFrom: '', rcptTo: [], data: '' };
    socket.write('220 test.local ESMTP ready\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          socket.write('250 2.0.0 Ok: queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test.local\r\n');
        else if (verb === 'MAIL') {
          current = { mailFrom: line.slice(10), rcptTo: [], data: '' };
          socket.write('250 2.1.0 Ok\r\n');
        } else if (verb === 'RCPT') {
          const address = line.slice(8);
          if (opts.rejectRecipient && address.includes(opts.rejectRecipient)) socket.write('550 5.1.1 Recipient address rejected: User unknown\r\n');
          else {
            current.rcptTo.push(address);
            socket.write('250 2.1.5 Ok\r\n');
          }
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 2.0.0 Ok\r\n');
        else if (verb === 'QUIT') socket.end('221 2.0.0 Bye\r\n');
        else socket.write('502 5.5.2 Command not implemented\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const mailFrom = 'TMS <no-reply@tms.local>';
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('sendMail', () => {
  it('without SMTP keeps the mail in the outbox', async () => {
    const result = await sendMail(database.db, { smtpUrl: undefined, mailFrom }, { to: ['staff@tms.local', 'gl@tms.local'], subject: 'Timesheet T11-2026', text: 'Your summary' });
    expect(result).toEqual({ id: expect.any(Number), status: 'outbox' });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id));
    expect(row).toMatchObject({ to: 'staff@tms.local, gl@tms.local', cc: null, subject: 'Timesheet T11-2026', text: 'Your summary', status: 'outbox', sentAt: null });
  });

  it('with SMTP sends the mail and marks it sent', async () => {
    const smtp = await startSmtpServer();
    try {
      const result = await sendMail(
        database.db,
        { smtpUrl: smtp.url, mailFrom },
        { to: 'staff@tms.local', cc: 'hr@tms.local', subject: 'Tóm tắt T11-2026', text: 'Working days: 20', html: '<p>Working days: <b>20</b></p>' },
      );
      expect(result).toEqual({ id: expect.any(Number), status: 'sent' });
      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message!.mailFrom).toContain('no-reply@tms.local');
      expect(message!.rcptTo.join(' ')).toContain('staff@tms.local');
      expect(message!.rcptTo.join(' ')).toContain('hr@tms.local');
      expect(message!.data).toMatch(/^Subject: =\?UTF-8\?/m);
      expect(message!.data).toContain('Working days: 20');
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id));
      expect(row).toMatchObject({ status: 'sent', error: null, cc: 'hr@tms.local' });
      expect(row!.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it('marks a refused mail failed and writes a Connection History row (source mail)', async () => {
    const smtp = await startSmtpServer({ rejectRecipient: 'ghost@tms.local' });
    try {
      const result = await sendMail(database.db, { smtpUrl: smtp.url, mailFrom }, { to: 'ghost@tms.local', subject: 'Hello', text: 'x' });
      expect(result.status).toBe('failed');
      expect(result.error).toContain('User unknown');
      expect(smtp.received).toHaveLength(0);
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id));
      expect(row).toMatchObject({ status: 'failed', sentAt: null });
      expect(row!.error).toContain('User unknown');
      const logged = await database.db.select().from(connectionHistory).where(eq(connectionHistory.source, 'mail'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ source: 'mail', code: 'EENVELOPE' });
      expect(logged[0]!.errorDetails).toContain(`Mail ${result.id} to ghost@tms.local`);
    } finally {
      await smtp.close();
    }
  });

  it('marks the mail failed when the SMTP server cannot be reached', async () => {
    const smtp = await startSmtpServer();
    const url = smtp.url;
    await smtp.close();
    const result = await sendMail(database.db, { smtpUrl: url, mailFrom }, { to: 'staff@tms.local', subject: 'Hello', text: 'x' });
    expect(result.status).toBe('failed');
    const logged = await database.db.select().from(connectionHistory).where(eq(connectionHistory.source, 'mail'));
    // nodemailer names a refused connection ESOCKET (ECONNECTION for a timeout).
    expect(logged.some((l) => l.code === 'ESOCKET' || l.code === 'ECONNECTION')).toBe(true);
  });
});
