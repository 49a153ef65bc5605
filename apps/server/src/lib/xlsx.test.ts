import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@tms/contracts/api';
import { errorHandlerPlugin } from '../plugins/error-handler.ts';
import { AppError } from './errors.ts';
import { buildXlsxBuffer, parseXlsx, readImportUpload, sendImportErrorReport, sendImportSuccess, sendXlsx, sendXlsxBuffer, type CellValue } from './xlsx.ts';
import { checkZipLimits, ZipLimitError } from './zip-limits.ts';
import { zip, type ZipEntry } from '../test/zip-writer.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function zipEntryText(buffer: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, z) => {
      if (err || !z) return reject(err);
      z.on('error', reject);
      z.on('end', () => reject(new Error(`no ${name}`)));
      z.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return z.readEntry();
        z.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            z.close();
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
        });
      });
      z.readEntry();
    });
  });
}

// ---------- workbooks ----------
async function sampleWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Bonus Leave');
  ws.addRow(['Username', 'Leave Hour', 'Apply Date', 'Description']);
  ws.addRow(['staff', 8, new Date(Date.UTC(2026, 10, 26)), '  trimmed  ']);
  ws.addRow([]);
  ws.addRow([{ richText: [{ text: 'st' }, { text: 'aff2' }] }, { formula: '2*4', result: 8 }, null, { text: 'link', hyperlink: 'https://example.com' }]);
  ws.addRow([null, null, null, '   ']);
  ws.addRow(['staff3', 1.5, '26/11/2026', null]);
  const other = wb.addWorksheet('Notes');
  other.addRow(['not read']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function streamedWorkbook(rows: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const ws = wb.addWorksheet('Data');
  ws.addRow(['Username', 'Hours']).commit();
  for (let i = 0; i < rows; i += 1) ws.addRow([`user${i}`, i % 8]).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

// ---------- a bare Fastify with multipart and the app's error handler ----------
let app: FastifyInstance;
const form = (name: string, content: Buffer, field = 'file') => {
  const fd = new FormData();
  fd.append(field, new Blob([content]), name);
  return fd;
};

async function bareApp(routes: Record<string, (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>>) {
  const server = Fastify();
  await server.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20, fieldSize: 1024 * 1024 } });
  await server.register(errorHandlerPlugin);
  for (const [url, handler] of Object.entries(routes)) {
    if (url.startsWith('GET ')) server.get(url.slice(4), handler);
    else server.post(url, handler);
  }
  await server.ready();
  return server;
}

let exportRows: () => Iterable<Record<string, CellValue>> | AsyncIterable<Record<string, CellValue>> = () => [];

beforeAll(async () => {
  app = await bareApp({
    '/import': async (request) => ({ data: await readImportUpload(request, { field: 'file' }) }),
    '/import-leave': async (request) => ({ data: await readImportUpload(request, { field: 'files', extensions: ['.xls', '.xlsx'] }) }),
    '/import-small': async (request) => ({ data: await readImportUpload(request, { field: 'file', maxRows: 2 }) }),
    '/import-check': async (request, reply) => {
      const { headers, rows } = await readImportUpload(request, { field: 'file' });
      const errors = new Map<number, string[]>();
      for (const row of rows) {
        const problems: string[] = [];
        if (typeof row.values['Leave Hour'] !== 'number') problems.push('Leave Hour is invalid');
        if (!(row.values['Apply Date'] instanceof Date)) problems.push('Apply Date is invalid');
        if (problems.length) errors.set(row.rowNumber, problems);
      }
      if (errors.size > 0) return sendImportErrorReport(reply, { headers, rows, errors, resultFileName: 'BonusLeaveResult.xlsx' });
      return sendImportSuccess(reply, { count: rows.length });
    },
    'GET /export': async (_request, reply) =>
      sendXlsx(reply, {
        fileName: 'LeaveFund.xlsx',
        sheetName: 'Leave Fund',
        columns: [
          { header: 'Name', key: 'name' },
          { header: 'Value', key: 'value' },
        ],
        rows: exportRows(),
      }),
    'GET /template': async (_request, reply) =>
      sendXlsxBuffer(reply, 'Template.xlsx', await buildXlsxBuffer({ sheetName: 'Template', columns: [{ header: 'Username', key: 'u' }, { header: 'Leave Hour', key: 'h' }] })),
  });
});
afterAll(() => app?.close());

/** Every entry of a zip, in its order, inflated. */
function zipEntries(buffer: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    const out: ZipEntry[] = [];
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, z) => {
      if (err || !z) return reject(err);
      z.on('error', reject);
      z.on('end', () => resolve(out));
      z.on('entry', (entry: yauzl.Entry) => {
        z.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            z.readEntry();
          });
        });
      });
      z.readEntry();
    });
  });
}

describe('parseXlsx', () => {
  // ExcelJS's own writer orders a workbook's entries by which finished first: now and then a worksheet comes before
  // xl/workbook.xml, and ExcelJS's streaming reader used to throw on it, so a valid file got 415 'File is wrong format'.
  it('reads a workbook whose worksheet comes before xl/workbook.xml in the zip', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Bonus Leave');
    sheet.addRow(['Staff', 'Leave Hour']);
    sheet.addRow(['staff', 8]);
    sheet.addRow(['staff3', 4.5]);
    const entries = await zipEntries(Buffer.from(await workbook.xlsx.writeBuffer()));
    const last = (name: string) => (name === 'xl/workbook.xml' ? 2 : name.startsWith('xl/worksheets/') ? 1 : 0);
    const reordered = [...entries].sort((a, b) => last(a.name) - last(b.name));
    expect(reordered.map((e) => e.name).indexOf('xl/workbook.xml')).toBe(reordered.length - 1);
    const parsed = await parseXlsx(zip(reordered));
    expect(parsed.rows.map((r) => r.values)).toEqual([
      { Staff: 'staff', 'Leave Hour': 8 },
      { Staff: 'staff3', 'Leave Hour': 4.5 },
    ]);
  });
});

describe('readImportUpload', () => {
  it('parses the first sheet: header row, plain values, empty rows skipped, sheet row numbers kept', async () => {
    const res = await app.inject({ method: 'POST', url: '/import', payload: form('bonus.xlsx', await sampleWorkbook()) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      fileName: 'bonus.xlsx',
      headers: ['Username', 'Leave Hour', 'Apply Date', 'Description'],
      rows: [
        { rowNumber: 2, values: { Username: 'staff', 'Leave Hour': 8, 'Apply Date': '2026-11-26T00:00:00.000Z', Description: 'trimmed' } },
        { rowNumber: 4, values: { Username: 'staff2', 'Leave Hour': 8, 'Apply Date': null, Description: 'link' } },
        { rowNumber: 6, values: { Username: 'staff3', 'Leave Hour': 1.5, 'Apply Date': '26/11/2026', Description: null } },
      ],
    });
  });

  it('gives dates as Date objects', async () => {
    const { rows } = await parseXlsx(await sampleWorkbook());
    expect(rows[0]!.values['Apply Date']).toBeInstanceOf(Date);
  });

  it('reads a workbook written by the streaming writer (data descriptors, shared strings)', async () => {
    const { headers, rows } = await parseXlsx(await streamedWorkbook(3_000));
    expect(headers).toEqual(['Username', 'Hours']);
    expect(rows).toHaveLength(3_000);
    expect(rows[2_999]).toEqual({ rowNumber: 3_001, values: { Username: 'user2999', Hours: 2999 % 8 } });
  });

  it('answers 400 File is required without a file', async () => {
    const fd = new FormData();
    fd.append('other', 'x');
    const res = await app.inject({ method: 'POST', url: '/import', payload: fd });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, message: 'File is required', data: null });
  });

  it('answers 413 for a file over 5,242,880 bytes', async () => {
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const res = await app.inject({ method: 'POST', url: '/import', payload: form('big.xlsx', big) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, message: 'Maximum allowed file size is 5.0 MB' });
  });

  it('answers 415 File is wrong format for an extension outside the list', async () => {
    const res = await app.inject({ method: 'POST', url: '/import', payload: form('bonus.csv', Buffer.from('a,b\n')) });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 415, message: 'File is wrong format' });
    const xls = await app.inject({ method: 'POST', url: '/import', payload: form('old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) });
    expect(xls.statusCode).toBe(415);
  });

  it('answers 415 for an .xlsx whose leading bytes are not a zip', async () => {
    const res = await app.inject({ method: 'POST', url: '/import', payload: form('bonus.xlsx', Buffer.from('%PDF-1.7 not a workbook')) });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('File is wrong format');
  });

  it('answers 415 for a real legacy .xls even where .xls is accepted (ExcelJS reads only OOXML)', async () => {
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    const res = await app.inject({ method: 'POST', url: '/import-leave', payload: form('carryover.xls', ole2, 'files') });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 415, message: 'File is wrong format' });
    const ok = await app.inject({ method: 'POST', url: '/import-leave', payload: form('carryover.xlsx', await sampleWorkbook(), 'files') });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 415 for a zip with a damaged body that starts like one', async () => {
    const good = await sampleWorkbook();
    const broken = Buffer.from(good);
    broken.fill(0x41, 200, 600);
    const res = await app.inject({ method: 'POST', url: '/import', payload: form('broken.xlsx', broken) });
    expect(res.statusCode).toBe(415);
  });

  it('answers 415 for a zip bomb: more than 1,000 entries', async () => {
    const many = zip(Array.from({ length: 1_001 }, (_, i) => ({ name: `xl/f${i}.xml`, data: Buffer.from('<a/>'), store: true })));
    const res = await app.inject({ method: 'POST', url: '/import', payload: form('many.xlsx', many) });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('File is wrong format');
  });

  it('answers 415 for a zip bomb: compression ratio above 100:1', async () => {
    const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * 1024 * 1024, 0x20) }]);
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const res = await app.inject({ method: 'POST', url: '/import', payload: form('bomb.xlsx', bomb) });
    expect(res.statusCode).toBe(415);
  });

  it('answers 400 when the sheet has more rows than allowed', async () => {
    const res = await app.inject({ method: 'POST', url: '/import-small', payload: form('bonus.xlsx', await sampleWorkbook()) });
    expect(res.statusCode).toBe(400);
  });
});

describe('checkZipLimits', () => {
  const entry = (name: string, size: number) => ({ name, data: Buffer.from(Array.from({ length: size }, (_, i) => (i * 7919) % 251)) });

  it('passes workbooks written by ExcelJS (both writers)', async () => {
    await expect(checkZipLimits(await sampleWorkbook())).resolves.toMatchObject({ entries: expect.any(Number) });
    await expect(checkZipLimits(await streamedWorkbook(20_000))).resolves.toMatchObject({ entries: expect.any(Number) });
  });

  it('limits entries, unpacked size and ratio', async () => {
    const limits = { maxEntries: 3, maxUncompressedBytes: 10_000, maxRatio: 100 };
    await expect(checkZipLimits(zip([entry('a', 10), entry('b', 10), entry('c', 10)]), limits)).resolves.toEqual({ entries: 3, uncompressedBytes: 30 });
    await expect(checkZipLimits(zip([entry('a', 10), entry('b', 10), entry('c', 10), entry('d', 10)]), limits)).rejects.toBeInstanceOf(ZipLimitError);
    await expect(checkZipLimits(zip([entry('a', 6_000), entry('b', 6_000)]), limits)).rejects.toBeInstanceOf(ZipLimitError);
    await expect(checkZipLimits(zip([{ name: 'z', data: Buffer.alloc(9_000) }]), { ...limits, maxRatio: 5 })).rejects.toBeInstanceOf(ZipLimitError);
  });

  it('refuses an entry that inflates past its declared size', async () => {
    const lying = zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(2_000_000, 0x20), declaredSize: 1_000 }]);
    await expect(checkZipLimits(lying)).rejects.toThrow();
  });

  it('refuses a local entry the central directory does not list (a sequential reader would unpack it)', async () => {
    const hidden = zip([entry('a.xml', 100), entry('b.xml', 100)], { hiddenLocal: { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1_000_000, 0x20) } });
    await expect(checkZipLimits(hidden)).rejects.toBeInstanceOf(ZipLimitError);
  });
});

describe('import replies', () => {
  it('sends the error report: HTTP 400, header code 400, the uploaded rows plus an Error column', async () => {
    const res = await app.inject({ method: 'POST', url: '/import-check', payload: form('bonus.xlsx', await sampleWorkbook()) });
    expect(res.statusCode).toBe(400);
    expect(res.headers.code).toBe('400');
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toContain('attachment; filename="BonusLeaveResult.xlsx"');
    const report = await parseXlsx(res.rawPayload);
    expect(report.headers).toEqual(['Username', 'Leave Hour', 'Apply Date', 'Description', 'Error']);
    expect(report.rows.map((r) => r.values)).toEqual([
      { Username: 'staff', 'Leave Hour': 8, 'Apply Date': new Date(Date.UTC(2026, 10, 26)), Description: 'trimmed', Error: null },
      { Username: 'staff2', 'Leave Hour': 8, 'Apply Date': null, Description: 'link', Error: 'Apply Date is invalid' },
      { Username: 'staff3', 'Leave Hour': 1.5, 'Apply Date': '26/11/2026', Description: null, Error: 'Apply Date is invalid' },
    ]);
  });

  it('replaces an Error column already in a re-uploaded report and keeps errors of no row', async () => {
    const reply = await (async () => {
      const res = await bareApp({
        'GET /r': async (_request, r) =>
          sendImportErrorReport(r, {
            headers: ['Username', 'Error'],
            rows: [{ rowNumber: 2, values: { Username: 'x', Error: 'old' } }],
            errors: new Map([
              [1, ['Missing column Leave Hour']],
              [2, ['Username is invalid', 'Leave Hour is required']],
            ]),
            resultFileName: 'Result.xlsx',
          }),
      });
      try {
        return await res.inject({ method: 'GET', url: '/r' });
      } finally {
        await res.close();
      }
    })();
    const report = await parseXlsx(reply.rawPayload);
    expect(report.headers).toEqual(['Username', 'Error']);
    expect(report.rows.map((r) => r.values)).toEqual([
      { Username: 'x', Error: 'Username is invalid; Leave Hour is required' },
      { Username: null, Error: 'Missing column Leave Hour' },
    ]);
  });

  it('answers success with header code 200 and the count', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow(['Username', 'Leave Hour', 'Apply Date']);
    ws.addRow(['staff', 8, new Date(Date.UTC(2026, 0, 5))]);
    ws.addRow(['staff2', 4, new Date(Date.UTC(2026, 0, 6))]);
    const res = await app.inject({ method: 'POST', url: '/import-check', payload: form('ok.xlsx', Buffer.from(await wb.xlsx.writeBuffer())) });
    const report = res.headers['content-type'] === XLSX_TYPE ? (await parseXlsx(res.rawPayload)).rows.map((r) => r.values.Error) : res.body;
    expect({ status: res.statusCode, report }).toEqual({ status: 200, report: res.body });
    expect(res.headers.code).toBe('200');
    expect(res.json()).toEqual({ code: 200, message: 'Import successfully', messageKey: 'importReport.imported', params: {}, data: { count: 2 } });
  });
});

describe('sendXlsx', () => {
  const dangerous = ['=1+1', '+SUM(A1:A2)', '-2+3', '@cmd', '\t=1', '\r=1', '=HYPERLINK("http://evil","x")'];

  it('writes text that looks like a formula as plain string cells, never formulas', async () => {
    exportRows = () => [
      ...dangerous.map((name, i) => ({ name, value: i })),
      // A value that is not a CellValue (as from an untyped query) is written as its text, not as a formula object.
      { name: { formula: '1+1' } as unknown as CellValue, value: null },
    ];
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toContain('attachment; filename="LeaveFund.xlsx"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Name', 'Value']);
    dangerous.forEach((text, i) => {
      const cell = ws.getCell(i + 2, 1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      // ExcelJS writes a CR unescaped and XML reads it back as LF; the cell is still the same text otherwise.
      expect(cell.value).toBe(text.replace(/\r/g, '\n'));
    });
    const objectCell = ws.getCell(dangerous.length + 2, 1);
    expect(objectCell.type).toBe(ExcelJS.ValueType.String);
    expect(objectCell.value).toBe('{"formula":"1+1"}');
    const sheetXml = await zipEntryText(res.rawPayload, 'xl/worksheets/sheet1.xml');
    expect(sheetXml).not.toMatch(/<f[ >]/);
  });

  it('streams rows from an async iterable (as from SQL) and writes dates and numbers', async () => {
    const count = 5_000;
    exportRows = async function* () {
      for (let i = 0; i < count; i += 1) yield { name: `Employee ${i}`, value: i % 2 ? i : new Date(Date.UTC(2026, 0, 1 + (i % 28))) };
    };
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(200);
    const { headers, rows } = await parseXlsx(res.rawPayload);
    expect(headers).toEqual(['Name', 'Value']);
    expect(rows).toHaveLength(count);
    expect(rows[0]!.values).toEqual({ Name: 'Employee 0', Value: new Date(Date.UTC(2026, 0, 1)) });
    expect(rows[count - 1]!.values).toEqual({ Name: `Employee ${count - 1}`, Value: count - 1 });
  });

  it('stops pulling rows while the client does not read, and closes the source when the client leaves', async () => {
    const total = 100_000;
    let pulled = 0;
    let sourceClosed = false;
    exportRows = function* () {
      try {
        for (let i = 0; i < total; i += 1) {
          pulled += 1;
          yield { name: randomBytes(100).toString('hex'), value: i };
        }
      } finally {
        sourceClosed = true;
      }
    };
    // A Unix socket: its buffers are small and fixed, where loopback TCP may buffer tens of MB.
    const socketPath = path.join(os.tmpdir(), `xlsx-export-${process.pid}-${Date.now()}.sock`);
    await app.listen({ path: socketPath });
    let request: http.ClientRequest | undefined;
    try {
      const response = await new Promise<http.IncomingMessage>((resolve) => {
        request = http.get({ socketPath, path: '/export' }, resolve);
      });
      response.pause();
      // Production stalls once the stream and socket buffers are full.
      let before = -1;
      const stallBy = Date.now() + 10_000;
      while (pulled !== before && Date.now() < stallBy) {
        before = pulled;
        await sleep(500);
      }
      expect(response.statusCode).toBe(200);
      expect(pulled).toBe(before);
      expect(pulled).toBeLessThan(total);
    } finally {
      request?.destroy();
    }
    const until = Date.now() + 5_000;
    while (!sourceClosed && Date.now() < until) await sleep(20);
    expect(sourceClosed).toBe(true);
    expect(pulled).toBeLessThan(total);
  });

  it('answers the JSON error envelope when the rows fail before anything is sent', async () => {
    exportRows = async function* () {
      throw new AppError(404, 'Not found');
    };
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, message: 'Not found' });
  });

  it('sends a template built in memory', async () => {
    const res = await app.inject({ method: 'GET', url: '/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Template.xlsx"');
    const { headers, rows } = await parseXlsx(res.rawPayload);
    expect(headers).toEqual(['Username', 'Leave Hour']);
    expect(rows).toEqual([]);
  });
});
