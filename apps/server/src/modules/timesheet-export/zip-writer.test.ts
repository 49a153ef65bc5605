import { PassThrough } from 'node:stream';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { checkZipLimits } from '../../lib/zip-limits.ts';
import { ZipWriter } from './zip-writer.ts';

async function build(entries: [string, Buffer][]): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (c: Buffer) => parts.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const zip = new ZipWriter(out, new Date(2026, 10, 21, 9, 30, 12));
  for (const [name, data] of entries) expect(await zip.add(name, data)).toBe(true);
  expect(await zip.finish()).toBe(true);
  await ended;
  return Buffer.concat(parts);
}

function read(buffer: Buffer): Promise<{ name: string; data: Buffer; modified: Date }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out: { name: string; data: Buffer; modified: Date }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(parts), modified: entry.getLastModDate() });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('ZipWriter', () => {
  it('writes stored entries that a strict reader and the upload zip limits accept, UTF-8 names kept', async () => {
    const entries: [string, Buffer][] = [
      ['Timesheet_Detail_staff_T11-2026.xlsx', Buffer.from('first file')],
      ['Timesheet_Detail_nguyễn.văn_T11-2026.xlsx', Buffer.alloc(70_000, 7)],
      ['empty.txt', Buffer.alloc(0)],
    ];
    const zip = await build(entries);
    const read1 = await read(zip);
    expect(read1.map((e) => e.name)).toEqual(entries.map(([n]) => n));
    read1.forEach((e, i) => expect(e.data.equals(entries[i]![1])).toBe(true));
    expect(read1[0]!.modified.getFullYear()).toBe(2026);
    expect(read1[0]!.modified.getMonth()).toBe(10);
    expect(read1[0]!.modified.getDate()).toBe(21);
    await expect(checkZipLimits(zip, { maxEntries: 10, maxUncompressedBytes: 1_000_000, maxRatio: 100 })).resolves.toMatchObject({ entries: 3 });
  });

  it('an empty archive is valid', async () => {
    expect(await read(await build([]))).toEqual([]);
  });

  it('stops when the destination is closed', async () => {
    const out = new PassThrough({ highWaterMark: 16 });
    const zip = new ZipWriter(out);
    const pending = zip.add('a.bin', Buffer.alloc(1024));
    out.destroy();
    expect(await pending).toBe(false);
    expect(await zip.add('b.bin', Buffer.alloc(10))).toBe(false);
  });
});
