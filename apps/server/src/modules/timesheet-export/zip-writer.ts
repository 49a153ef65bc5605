import type { Writable } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * A zip written entry by entry to a stream: entries are stored, not deflated (each is an xlsx, itself a deflated zip,
 * so deflating again gains nothing), names UTF-8. No zip64: the timesheet zip holds at most 500 small files.
 * Written here rather than with `archiver`: that package is only ExcelJS's dependency (hoisted into node_modules,
 * not declared by apps/server and without types), so importing it would break when ExcelJS changes it.
 */
export class ZipWriter {
  private offset = 0;
  private readonly central: Buffer[] = [];
  private count = 0;

  constructor(
    private readonly out: Writable,
    private readonly modified: Date = new Date(),
  ) {}

  /** Appends one file; waits while `out` is behind. False when `out` was closed. */
  async add(name: string, data: Buffer): Promise<boolean> {
    if (this.count >= 0xffff || this.offset + data.length > 0xfffffffe) throw new Error('zip too large for a non-zip64 archive');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const { time, date } = dosDateTime(this.modified);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // flags: UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS attributes
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(fileName.length, 28);
    // extra, comment, disk, internal and external attributes: 0
    header.writeUInt32LE(this.offset, 42);
    this.central.push(header, fileName);
    this.count += 1;

    this.offset += local.length + fileName.length + data.length;
    return this.write(Buffer.concat([local, fileName, data]));
  }

  /** Writes the central directory and ends `out`. */
  async finish(): Promise<boolean> {
    const directory = Buffer.concat(this.central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(this.offset, 16);
    const ok = await this.write(Buffer.concat([directory, end]));
    if (ok) this.out.end();
    return ok;
  }

  private async write(chunk: Buffer): Promise<boolean> {
    if (this.out.destroyed) return false;
    if (this.out.write(chunk)) return true;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.out.off('drain', done);
        this.out.off('close', done);
        resolve();
      };
      this.out.on('drain', done);
      this.out.on('close', done);
    });
    return !this.out.destroyed;
  }
}

/** MS-DOS time and date fields (local wall clock of the server, 2-second resolution, years 1980–2107). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}
