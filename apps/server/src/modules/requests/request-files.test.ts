import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { REQUEST_BASE } from '@tms/contracts/requests';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { fileUpload, type Json } from '../../test/leave-api.ts';
import { zip } from '../../test/zip-writer.ts';
import { seedRequest } from './request-list.test-support.ts';

const NOW = '2026-11-23T10:00:00+07:00';
const PDF = Buffer.from('%PDF-1.4\n% request attachment\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

let t: TestApp;
let pending: number;
let approved: number;
let guestItem: number;

async function send(user: string, method: 'GET' | 'POST', url: string, payload?: FormData) {
  const res = await t.app.inject({ method, url: `/api${REQUEST_BASE}${url}`, headers: await t.as(user), payload: payload as unknown as Json });
  return { status: res.statusCode, body: String(res.headers['content-type']).includes('json') ? (res.json() as Json) : {}, res };
}
const upload = (user: string, id: number, content: Buffer, name: string, folder = 'request') => send(user, 'POST', `/${folder}/${id}/upload`, fileUpload('file', content, name));
const fileList = (user: string, id: number, folder = 'request') => send(user, 'GET', `/${folder}/get-all-file-list?id=${id}`);
const historyCount = async (id: number) =>
  Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from history where table_name = 'requests' and record_id = ${id}`))[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  pending = await seedRequest(t, { username: 'staff', date: '2026-11-26' });
  approved = await seedRequest(t, { username: 'staff', date: '2026-11-10', status: 3 });
  guestItem = await seedRequest(t, { username: 'staff4', date: '2026-11-27', assignee: 'guest' });
});
afterAll(async () => t?.close());

describe('attachments under /tms/request-management/{folder}', () => {
  let name: string;
  it('the owner uploads to a pending request; it is listed, with one history entry', async () => {
    const { status, body } = await upload('staff', pending, PDF, 'ticket.pdf');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe('Upload file success');
    expect(body.data).toMatchObject({ original_name: 'ticket.pdf', size: PDF.length, content_type: 'application/pdf' });
    name = body.data.name;
    expect(name).not.toContain('ticket');
    expect(await historyCount(pending)).toBe(1);
    const listed = await fileList('gl', pending);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((f: Json) => f.original_name)).toEqual(['ticket.pdf']);
    // another folder of the same request is a separate list
    expect((await fileList('staff', pending, 'onsite')).body.data).toEqual([]);
  });

  it('download: the file with attachment disposition and nosniff, for anyone in scope', async () => {
    for (const user of ['staff', 'gl', 'dl', 'hr']) {
      const { status, res } = await send(user, 'GET', `/request/${pending}/download?name=${name}`);
      expect(status, user).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(String(res.headers['content-disposition'])).toContain('attachment');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await send('staff', 'GET', `/request/${pending}/download?name=nope.pdf`)).status).toBe(404);
  });

  it('outside the scope every call answers 404 (pm, guest, another staff)', async () => {
    for (const user of ['pm', 'guest', 'staff2']) {
      expect((await fileList(user, pending)).status, user).toBe(404);
      expect((await send(user, 'GET', `/request/${pending}/download?name=${name}`)).status, user).toBe(404);
    }
    expect((await upload('staff2', pending, PDF, 'x.pdf')).status).toBe(404);
    expect((await send('staff2', 'GET', `/request/${pending}/delete-file?name=${name}`)).status).toBe(404);
    // a guest reads the files of an item assigned to them
    expect((await fileList('guest', guestItem)).status).toBe(200);
  });

  it('only the owner while pending changes files: a lead gets 403, an approved request 403', async () => {
    expect((await send('gl', 'GET', `/request/${pending}/delete-file?name=${name}`)).status).toBe(403);
    expect((await upload('gl', pending, PDF, 'lead.pdf')).status).toBe(403);
    expect((await upload('staff', approved, PDF, 'late.pdf')).status).toBe(403);
    expect((await upload('hr', approved, PDF, 'hr.pdf')).status).toBe(403);
  });

  it('the owner deletes it: gone from the list and the download, a second delete 404', async () => {
    const del = await send('staff', 'GET', `/request/${pending}/delete-file?name=${name}`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await fileList('staff', pending)).body.data).toEqual([]);
    expect((await send('staff', 'GET', `/request/${pending}/download?name=${name}`)).status).toBe(404);
    expect((await send('staff', 'GET', `/request/${pending}/delete-file?name=${name}`)).status).toBe(404);
    expect(await historyCount(pending)).toBe(2);
  });

  it('413 above 5 MB, 415 for a wrong extension or content, 400 without a file or with a bad folder', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5_242_881 - PDF.length + 1, 0x20)]);
    const tooBig = await upload('staff', pending, big, 'big.pdf');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Maximum allowed file size is 5.0 MB');
    expect((await upload('staff', pending, PDF, 'run.exe')).status).toBe(415);
    expect((await upload('staff', pending, PNG, 'fake.pdf')).status).toBe(415);
    expect((await upload('staff', pending, PNG, 'ok.png')).status).toBe(200);
    expect((await send('staff', 'POST', `/request/${pending}/upload`, new FormData())).status).toBe(400);
    expect((await fileList('staff', pending, 'bad.folder')).status).toBe(400);
    expect((await fileList('staff', pending, 'x'.repeat(41))).status).toBe(400);
    expect((await fileList('staff', 0)).status).toBe(400);
  });

  it('415 for an xlsx that unpacks to 60 MB and a docx of 3,000 entries; nothing is kept (issue 22 §4)', async () => {
    const before = (await fileList('staff', pending)).body.data.length;
    const historyBefore = await historyCount(pending);
    const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024) }]);
    const many = zip(Array.from({ length: 3_000 }, (_, i) => ({ name: `word/p${i}.xml`, data: Buffer.from('<w:p/>'), store: true })));
    for (const [content, name] of [[bomb, 'timesheet.xlsx'], [many, 'letter.docx']] as const) {
      const res = await upload('staff', pending, content, name);
      expect(res.status, name).toBe(415);
      expect(res.body.message).toBe(MESSAGES_COMMON.attachWrongFormat);
    }
    expect((await fileList('staff', pending)).body.data).toHaveLength(before);
    expect(await historyCount(pending)).toBe(historyBefore);
    // A document within the limits is kept.
    const letter = zip(Array.from({ length: 12 }, (_, i) => ({ name: `word/p${i}.xml`, data: Buffer.from(`<w:t>${i} ${'Đơn xin nghỉ phép '.repeat(3)}${String(i * 7919).repeat(9)}</w:t>`) })));
    expect((await upload('staff', pending, letter, 'letter.docx')).status).toBe(200);
  });
});
