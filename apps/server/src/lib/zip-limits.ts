import yauzl from 'yauzl';

/**
 * RULES.md §1: an xlsx is parsed, and any uploaded zip container (docx, xlsx, pptx) is kept, only after its zip
 * directory passes these limits.
 */
export const ZIP_LIMITS = {
  maxEntries: 1_000,
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxRatio: 100,
} as const;

export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const EOCD = 0x06054b50;

type CentralEntry = {
  fileNameRaw: Buffer;
  compressedSize: number;
  uncompressedSize: number;
  compressionMethod: number;
  generalPurposeBitFlag: number;
  relativeOffsetOfLocalHeader: number;
};

/**
 * Checks a zip (xlsx) before anything parses it: at most 1,000 entries, at most 50 MB unpacked, ratio at most 100:1,
 * by the central directory, then by actually inflating every entry (yauzl refuses an entry that inflates past its
 * declared size). ExcelJS's reader walks the local headers front to back instead of the central directory, so the
 * local headers must describe exactly the same entries, back to back, or a hidden entry could escape the limits.
 * Throws ZipLimitError (or yauzl's error for a damaged file).
 */
export async function checkZipLimits(buffer: Buffer, limits: { maxEntries: number; maxUncompressedBytes: number; maxRatio: number } = ZIP_LIMITS): Promise<{ entries: number; uncompressedBytes: number }> {
  // An upload is checked as it is read (lib/uploads.ts) and an import checks it again before parsing: the same
  // buffer is not inflated twice.
  const known = limits === ZIP_LIMITS ? passed.get(buffer) : undefined;
  if (known) return known;
  const result = await inspect(buffer, limits);
  if (limits === ZIP_LIMITS) passed.set(buffer, result);
  return result;
}

/** Buffers that passed the default limits, and what they held. */
const passed = new WeakMap<Buffer, { entries: number; uncompressedBytes: number }>();

async function inspect(buffer: Buffer, limits: { maxEntries: number; maxUncompressedBytes: number; maxRatio: number }): Promise<{ entries: number; uncompressedBytes: number }> {
  const zip = await openZip(buffer);
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipLimitError(`zip has ${zip.entryCount} entries`);
    const entries: { entry: yauzl.Entry; raw: CentralEntry }[] = [];
    let declared = 0;
    let compressed = 0;
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) break;
      if (entries.length >= limits.maxEntries) throw new ZipLimitError('zip has too many entries');
      if (entry.isEncrypted()) throw new ZipLimitError('zip entry is encrypted');
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw new ZipLimitError('zip entry uses an unsupported method');
      declared += entry.uncompressedSize;
      compressed += entry.compressedSize;
      if (declared > limits.maxUncompressedBytes) throw new ZipLimitError('zip unpacks to more than the limit');
      entries.push({ entry, raw: entry as unknown as CentralEntry });
    }
    if (declared > limits.maxRatio * Math.max(compressed, 1)) throw new ZipLimitError('zip compression ratio is above the limit');
    checkLocalHeaders(buffer, entries.map((e) => e.raw));
    let inflated = 0;
    for (const { entry } of entries) inflated += await inflatedSize(zip, entry);
    if (inflated > limits.maxUncompressedBytes) throw new ZipLimitError('zip unpacks to more than the limit');
    return { entries: entries.length, uncompressedBytes: inflated };
  } finally {
    zip.close();
  }
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => (err || !zip ? reject(err ?? new ZipLimitError('not a zip')) : resolve(zip)));
  });
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (err: Error) => (cleanup(), reject(err));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

function inflatedSize(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<number> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new ZipLimitError('unreadable zip entry'));
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(size));
    });
  });
}

/**
 * Walks the local headers as a sequential reader (unzipper, used by ExcelJS) does and requires them to tile the
 * file from byte 0 to the central directory, one per central entry, with the same name, method and sizes.
 */
function checkLocalHeaders(buffer: Buffer, entries: CentralEntry[]): void {
  const cdOffset = centralDirectoryOffset(buffer);
  const sorted = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  let pos = 0;
  for (const e of sorted) {
    if (e.relativeOffsetOfLocalHeader !== pos || pos + 30 > cdOffset) throw new ZipLimitError('zip local headers do not match the directory');
    if (buffer.readUInt32LE(pos) !== LOCAL_HEADER) throw new ZipLimitError('zip local header signature');
    const flags = buffer.readUInt16LE(pos + 6);
    const method = buffer.readUInt16LE(pos + 8);
    const localCompressed = buffer.readUInt32LE(pos + 18);
    const localUncompressed = buffer.readUInt32LE(pos + 22);
    const nameLength = buffer.readUInt16LE(pos + 26);
    const extraLength = buffer.readUInt16LE(pos + 28);
    const dataStart = pos + 30 + nameLength + extraLength;
    if (dataStart > cdOffset) throw new ZipLimitError('zip local header overruns');
    if (!buffer.subarray(pos + 30, pos + 30 + nameLength).equals(e.fileNameRaw)) throw new ZipLimitError('zip local name differs');
    if (method !== e.compressionMethod || (flags & 1) !== 0) throw new ZipLimitError('zip local method differs');
    if (localCompressed === 0xffffffff || localUncompressed === 0xffffffff) throw new ZipLimitError('zip64 is not accepted');
    const dataEnd = dataStart + e.compressedSize;
    if (dataEnd > cdOffset) throw new ZipLimitError('zip entry overruns');
    if ((flags & 8) === 0) {
      if (localCompressed !== e.compressedSize || localUncompressed !== e.uncompressedSize) throw new ZipLimitError('zip local sizes differ');
      pos = dataEnd;
      continue;
    }
    // Sizes in a data descriptor: a sequential reader finds the end of the data by the descriptor's signature.
    if (localCompressed !== 0 || method !== 8) throw new ZipLimitError('zip data descriptor layout not accepted');
    if (buffer.indexOf(DATA_DESCRIPTOR, dataStart) !== dataEnd) throw new ZipLimitError('zip data descriptor misplaced');
    if (dataEnd + 16 > cdOffset) throw new ZipLimitError('zip data descriptor overruns');
    if (buffer.readUInt32LE(dataEnd + 8) !== e.compressedSize || buffer.readUInt32LE(dataEnd + 12) !== e.uncompressedSize) {
      throw new ZipLimitError('zip data descriptor sizes differ');
    }
    pos = dataEnd + 16;
  }
  if (pos !== cdOffset) throw new ZipLimitError('zip has bytes outside its directory');
}

function centralDirectoryOffset(buffer: Buffer): number {
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 0xffff); i -= 1) {
    if (buffer.readUInt32LE(i) !== EOCD) continue;
    const offset = buffer.readUInt32LE(i + 16);
    if (offset === 0xffffffff) throw new ZipLimitError('zip64 is not accepted');
    return offset;
  }
  throw new ZipLimitError('not a zip');
}
