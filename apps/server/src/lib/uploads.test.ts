import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@tms/contracts/api';
import type { Database } from '../db/client.ts';
import { storedFiles } from '../db/schema/platform.ts';
import { errorHandlerPlugin } from '../plugins/error-handler.ts';
import { createTestDatabase } from '../test/database.ts';
import { zip } from '../test/zip-writer.ts';
import { ATTACHMENT_EXTENSIONS, checkFileFormat, cleanFileName, contentDisposition, readMultipart, readUploads, sendStoredFile, storeFile } from './uploads.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100, 0x20)]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0]);
const MP4 = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
const XLS = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);

let database: Database;
let app: FastifyInstance;

/** A bare Fastify with the multipart plugin and the app's error handler, as buildApp registers them. */
async function uploadApp(routes: Record<string, (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>>) {
  const server = Fastify();
  await server.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20, fieldSize: 1024 * 1024 } });
  await server.register(errorHandlerPlugin);
  for (const [url, handler] of Object.entries(routes)) server.post(url, handler);
  await server.ready();
  return server;
}

function form(files: { field?: string; name: string; content: Buffer }[], fields: Record<string, string | Blob> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append(f.field ?? 'file', new Blob([f.content]), f.name);
  return fd;
}

const describeFiles = (files: Awaited<ReturnType<typeof readUploads>>) => files.map(({ fileName, extension, contentType, size }) => ({ fileName, extension, contentType, size }));

beforeAll(async () => {
  database = await createTestDatabase();
  app = await uploadApp({
    '/attach': async (request) => ({
      data: describeFiles(await readUploads(request, { field: 'files', extensions: ATTACHMENT_EXTENSIONS, multiple: true, wrongFormatMessage: 'Attach file is wrong format' })),
    }),
    '/single': async (request) => ({ data: describeFiles(await readUploads(request, { field: 'file', extensions: ['.pdf', '.txt'], required: true })) }),
    '/optional': async (request) => ({ data: describeFiles(await readUploads(request, { field: 'file', extensions: ['pdf'] })) }),
    '/mixed': async (request) => {
      const { files, fields } = await readMultipart(request, { field: 'files', extensions: ATTACHMENT_EXTENSIONS, multiple: true });
      return { data: { files: describeFiles(files), fields } };
    },
    '/store': async (request, reply) => {
      const [file] = await readUploads(request, { field: 'file', extensions: ATTACHMENT_EXTENSIONS, required: true });
      const stored = await storeFile(database.db, file!, { folder: 'ProjectLeave', ownerTable: 'project_leaves', ownerId: 7, createdBy: 1 });
      const [row] = await database.db.select().from(storedFiles).where(eq(storedFiles.id, stored.id));
      return sendStoredFile(reply, row!);
    },
  });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('readUploads', () => {
  it('accepts allowed files and reports name, extension, server-chosen content type and size', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/attach',
      payload: form([
        { field: 'files', name: 'Report.PDF', content: PDF },
        { field: 'files', name: 'photo.jpeg', content: JPG },
        { field: 'files', name: 'notes.txt', content: Buffer.from('Xin chào\n') },
      ]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { fileName: 'Report.PDF', extension: 'pdf', contentType: 'application/pdf', size: PDF.length },
      { fileName: 'photo.jpeg', extension: 'jpeg', contentType: 'image/jpeg', size: JPG.length },
      { fileName: 'notes.txt', extension: 'txt', contentType: 'text/plain; charset=utf-8', size: Buffer.byteLength('Xin chào\n') },
    ]);
  });

  it('answers 400 File is required when a required file is missing, and [] when optional', async () => {
    const missing = await app.inject({ method: 'POST', url: '/single', payload: form([], { note: 'x' }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 400, message: 'File is required', data: null });
    const emptyChoice = await app.inject({ method: 'POST', url: '/single', payload: form([{ name: '', content: Buffer.alloc(0) }]) });
    expect(emptyChoice.json()).toMatchObject({ code: 400, message: 'File is required' });
    const optional = await app.inject({ method: 'POST', url: '/optional', payload: form([], { note: 'x' }) });
    expect(optional.statusCode).toBe(200);
    expect(optional.json().data).toEqual([]);
  });

  it('takes exactly 5,242,880 bytes and answers 413 for one byte more', async () => {
    const atLimit = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES - PDF.length, 0x20)]);
    const ok = await app.inject({ method: 'POST', url: '/single', payload: form([{ name: 'big.pdf', content: atLimit }]) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data[0].size).toBe(MAX_UPLOAD_BYTES);
    const tooBig = await app.inject({ method: 'POST', url: '/single', payload: form([{ name: 'big.pdf', content: Buffer.concat([atLimit, Buffer.from(' ')]) }]) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ code: 413, message: 'Maximum allowed file size is 5.0 MB', messageKey: 'common.fileTooLarge', params: {}, data: null });
  });

  it('answers 415 with the caller message for an extension outside the allow-list', async () => {
    const exe = await app.inject({ method: 'POST', url: '/attach', payload: form([{ field: 'files', name: 'setup.exe', content: Buffer.from('MZ') }]) });
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toMatchObject({ code: 415, message: 'Attach file is wrong format' });
    const noExt = await app.inject({ method: 'POST', url: '/single', payload: form([{ name: 'README', content: Buffer.from('hi') }]) });
    expect(noExt.json()).toMatchObject({ code: 415, message: 'File is wrong format' });
  });

  it('answers 415 when the leading bytes do not match the extension', async () => {
    const fake = await app.inject({ method: 'POST', url: '/attach', payload: form([{ field: 'files', name: 'invoice.pdf', content: PNG }]) });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('Attach file is wrong format');
    const html = await app.inject({ method: 'POST', url: '/attach', payload: form([{ field: 'files', name: 'a.png', content: Buffer.from('<html><script>') }]) });
    expect(html.statusCode).toBe(415);
  });

  it('refuses a second file when multiple is off', async () => {
    const res = await app.inject({ method: 'POST', url: '/single', payload: form([{ name: 'a.pdf', content: PDF }, { name: 'b.pdf', content: PDF }]) });
    expect(res.statusCode).toBe(400);
  });

  it('returns the other parts as fields: text, and a JSON part sent as a Blob', async () => {
    const json = JSON.stringify({ projectId: 3, usernames: ['staff'] });
    const res = await app.inject({
      method: 'POST',
      url: '/mixed',
      payload: form([{ field: 'files', name: 'a.pdf', content: PDF }], { note: 'hello', projectLeaveRequest: new Blob([json], { type: 'application/json' }) }),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.files).toHaveLength(1);
    expect(data.fields.note).toEqual(['hello']);
    expect(JSON.parse(data.fields.projectLeaveRequest[0])).toEqual({ projectId: 3, usernames: ['staff'] });
  });
});

describe('zip containers (issue 22 §4: the zip limits of RULES.md §1 for every upload, attachments too)', () => {
  const doc = (entries: number, size = 200) => zip(Array.from({ length: entries }, (_, i) => ({ name: `word/part${i}.xml`, data: Buffer.alloc(size, 0x61 + (i % 26)) })));
  const attach = (name: string, content: Buffer) => app.inject({ method: 'POST', url: '/attach', payload: form([{ field: 'files', name, content }]) });

  it('keeps a docx, xlsx and pptx within the limits', async () => {
    for (const name of ['letter.docx', 'sheet.xlsx', 'slides.pptx']) {
      const res = await attach(name, doc(20));
      expect(res.statusCode, name).toBe(200);
      expect(res.json().data[0]).toMatchObject({ fileName: name, size: doc(20).length });
    }
  });

  it.each([
    // 60 MB of zeros in a ~60 KB xlsx: over 50 MB unpacked and over 100:1.
    ['an xlsx that unpacks past 50 MB', 'bomb.xlsx', () => zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024) }])],
    ['a docx of 3,000 entries', 'many.docx', () => doc(3_000, 10)],
    ['a pptx compressed more than 100:1', 'dense.pptx', () => zip([{ name: 'ppt/slides/slide1.xml', data: Buffer.alloc(4 * 1024 * 1024, 0x20) }])],
    ['a docx whose entry inflates past its declared size', 'lying.docx', () => zip([{ name: 'word/document.xml', data: Buffer.alloc(2_000_000, 0x20), declaredSize: 1_000 }])],
    ['a docx that is only the zip signature', 'broken.docx', () => Buffer.concat([ZIP, Buffer.alloc(100, 7)])],
  ])('answers 415 with the caller message for %s', async (_name, fileName, content) => {
    const res = await attach(fileName, content());
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 415, message: 'Attach file is wrong format', data: null });
  });

  it('refuses the whole request when one of several files is a bomb', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/attach',
      payload: form([
        { field: 'files', name: 'ok.pdf', content: PDF },
        { field: 'files', name: 'many.docx', content: doc(1_001, 10) },
      ]),
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('checkFileFormat', () => {
  const cases: [string, Buffer, boolean][] = [
    ['a.pdf', PDF, true],
    ['a.pdf', Buffer.from('%PD'), false],
    ['a.png', PNG, true],
    ['a.png', JPG, false],
    ['a.jpg', JPG, true],
    ['a.jpeg', JPG, true],
    ['a.jpg', PNG, false],
    ['a.docx', ZIP, true],
    ['a.xlsx', ZIP, true],
    ['a.pptx', ZIP, true],
    ['a.docx', PDF, false],
    ['a.mp4', MP4, true],
    ['a.mp4', Buffer.from('ftypisom'), false],
    ['a.txt', Buffer.from('plain text, tiếng Việt\n'), true],
    ['a.csv', Buffer.from('\uFEFFa,b\n1,2\n'), true],
    ['a.txt', Buffer.from([0x61, 0x00, 0x62]), false],
    ['a.csv', Buffer.from([0x61, 0xc3, 0x28]), false],
    ['a.xls', XLS, true],
    ['a.xls', ZIP, false],
  ];
  it.each(cases)('%s with its bytes → %s', (name, bytes, ok) => {
    const run = () => checkFileFormat(name, bytes, ['pdf', 'png', 'jpg', 'jpeg', 'docx', 'xlsx', 'pptx', 'mp4', 'txt', 'csv', 'xls']);
    if (ok) expect(run()).toBe(name.split('.').pop());
    else expect(run).toThrow(expect.objectContaining({ statusCode: 415, message: 'File is wrong format' }));
  });

  it('refuses an allowed extension it has no signature rule for', () => {
    expect(() => checkFileFormat('a.exe', Buffer.from('MZ'), ['exe'])).toThrow(expect.objectContaining({ statusCode: 415 }));
  });

  it('lists the attachment extensions of spec 000 §5', () => {
    expect([...ATTACHMENT_EXTENSIONS]).toEqual(['pdf', 'txt', 'csv', 'mp4', 'jpg', 'jpeg', 'docx', 'xlsx', 'png', 'pptx']);
  });
});

describe('file names', () => {
  it('drops directories and control characters from client names', () => {
    expect(cleanFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(cleanFileName('C:\\Users\\me\\cv.docx')).toBe('cv.docx');
    expect(cleanFileName('a\r\nb.pdf')).toBe('ab.pdf');
  });

  it('writes an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Báo cáo (1).pdf')).toBe(`attachment; filename="B_o c_o (1).pdf"; filename*=UTF-8''B%C3%A1o%20c%C3%A1o%20%281%29.pdf`);
    expect(contentDisposition('a"b.pdf')).toBe(`attachment; filename="a_b.pdf"; filename*=UTF-8''a%22b.pdf`);
  });
});

describe('storeFile and sendStoredFile', () => {
  it('stores under a random server-made name and sends it back as an attachment with nosniff', async () => {
    const res = await app.inject({ method: 'POST', url: '/store', payload: form([{ name: 'Báo cáo.pdf', content: PDF }]) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="B_o c_o.pdf"; filename*=UTF-8''B%C3%A1o%20c%C3%A1o.pdf`);
    expect(res.rawPayload.equals(PDF)).toBe(true);

    const rows = await database.db.select().from(storedFiles);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ folder: 'ProjectLeave', originalName: 'Báo cáo.pdf', ownerTable: 'project_leaves', ownerId: 7, createdBy: 1, size: PDF.length });
    expect(row.storedName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same upload a new stored name each time', async () => {
    const file = { fileName: 'x.pdf', extension: 'pdf', buffer: PDF, contentType: 'application/pdf', size: PDF.length };
    const a = await storeFile(database.db, file, { folder: 'Test' });
    const b = await storeFile(database.db, file, { folder: 'Test' });
    expect(a.storedName).not.toBe(b.storedName);
    expect(a.originalName).toBe('x.pdf');
  });
});
