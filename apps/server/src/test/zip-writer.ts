import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A minimal zip writer, to build archives no office suite would write: zip bombs (one entry inflating far past its
 * size, thousands of entries), declared sizes that lie, a local entry the directory does not list. `store` keeps an
 * entry uncompressed; `declaredSize` is the unpacked size the headers claim.
 */
export type ZipEntry = { name: string; data: Buffer; store?: boolean; declaredSize?: number };

export function zip(entries: ZipEntry[], opts: { hiddenLocal?: ZipEntry } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const local = (e: ZipEntry) => {
    const name = Buffer.from(e.name);
    const body = e.store ? e.data : deflateRawSync(e.data);
    const size = e.declaredSize ?? e.data.length;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x800, 6);
    header.writeUInt16LE(e.store ? 0 : 8, 8);
    header.writeUInt32LE(crc32(e.data), 14);
    header.writeUInt32LE(body.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    return { bytes: Buffer.concat([header, name, body]), name, body, size, crc: crc32(e.data) };
  };
  for (const e of entries) {
    const l = local(e);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x800, 8);
    c.writeUInt16LE(e.store ? 0 : 8, 10);
    c.writeUInt32LE(l.crc, 16);
    c.writeUInt32LE(l.body.length, 20);
    c.writeUInt32LE(l.size, 24);
    c.writeUInt16LE(l.name.length, 28);
    c.writeUInt32LE(offset, 42);
    centrals.push(Buffer.concat([c, l.name]));
    locals.push(l.bytes);
    offset += l.bytes.length;
    if (opts.hiddenLocal && locals.length === 1) {
      const hidden = local(opts.hiddenLocal).bytes;
      locals.push(hidden);
      offset += hidden.length;
    }
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(centrals.length, 8);
  eocd.writeUInt16LE(centrals.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}
