/**
 * Login credential encryption (RULES.md §2): base64 of RSA-OAEP (SHA-256) ciphertext of the UTF-8 text,
 * with the server's SPKI PEM public key.
 *
 * WebCrypto (`crypto.subtle`) exists only in secure contexts (https or localhost). An intranet install served
 * over plain http would have no `subtle` and nobody could sign in, so a small pure implementation
 * (BigInt modular power + SHA-256 + OAEP padding per RFC 8017 §7.1.1) takes over there.
 */

export function pemToDer(pem: string): Uint8Array {
  const b64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  return base64ToBytes(b64);
}

export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Encrypts `text` for the server. Uses WebCrypto when available, else the pure fallback. */
export async function encryptForServer(publicKeyPem: string, text: string): Promise<string> {
  const subtle = globalThis.isSecureContext !== false ? globalThis.crypto?.subtle : undefined;
  if (subtle) {
    const der = pemToDer(publicKeyPem);
    const key = await subtle.importKey('spki', der as BufferSource, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text));
    return bytesToBase64(new Uint8Array(cipher));
  }
  return encryptOaepSha256Fallback(publicKeyPem, text);
}

// ---- fallback (no WebCrypto) ----

type Tlv = { tag: number; start: number; end: number };

function readTlv(bytes: Uint8Array, offset: number): Tlv {
  const tag = bytes[offset]!;
  let len = bytes[offset + 1]!;
  let start = offset + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + bytes[start + i]!;
    start += n;
  }
  const end = start + len;
  if (end > bytes.length) throw new Error('Invalid public key');
  return { tag, start, end };
}

function bytesToBigInt(bytes: Uint8Array): bigint {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex ? BigInt(`0x${hex}`) : 0n;
}

function bigIntToBytes(value: bigint, length: number): Uint8Array {
  const hex = value.toString(16).padStart(length * 2, '0');
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Modulus and exponent of an SPKI RSA key: SEQ { SEQ { OID, NULL }, BIT STRING { SEQ { INT n, INT e } } }. */
export function parseSpkiRsa(der: Uint8Array): { n: bigint; e: bigint; byteLength: number } {
  const spki = readTlv(der, 0);
  const algorithm = readTlv(der, spki.start);
  const bitString = readTlv(der, algorithm.end);
  if (spki.tag !== 0x30 || algorithm.tag !== 0x30 || bitString.tag !== 0x03) throw new Error('Invalid public key');
  const rsaKey = readTlv(der, bitString.start + 1); // skip the unused-bits byte
  const nTlv = readTlv(der, rsaKey.start);
  const eTlv = readTlv(der, nTlv.end);
  let nBytes = der.subarray(nTlv.start, nTlv.end);
  while (nBytes.length > 0 && nBytes[0] === 0) nBytes = nBytes.subarray(1);
  return { n: bytesToBigInt(nBytes), e: bytesToBigInt(der.subarray(eTlv.start, eTlv.end)), byteLength: nBytes.length };
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 (FIPS 180-4). */
export function sha256(data: Uint8Array): Uint8Array {
  const bitLength = data.length * 8;
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const w15 = w[i - 15]!;
      const w2 = w[i - 2]!;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + s1 + ch + K[i]! + w[i]!) >>> 0;
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]!);
  return out;
}

function mgf1(seed: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  const block = new Uint8Array(seed.length + 4);
  block.set(seed);
  for (let counter = 0, filled = 0; filled < length; counter++) {
    new DataView(block.buffer).setUint32(seed.length, counter);
    const digest = sha256(block);
    out.set(digest.subarray(0, Math.min(digest.length, length - filled)), filled);
    filled += digest.length;
  }
  return out;
}

/** RSAES-OAEP-ENCRYPT with SHA-256, MGF1-SHA-256 and an empty label (RFC 8017 §7.1.1). */
export function encryptOaepSha256Fallback(publicKeyPem: string, text: string): string {
  const { n, e, byteLength: k } = parseSpkiRsa(pemToDer(publicKeyPem));
  const message = new TextEncoder().encode(text);
  const hLen = 32;
  if (message.length > k - 2 * hLen - 2) throw new Error('Text too long to encrypt');
  const db = new Uint8Array(k - hLen - 1);
  db.set(sha256(new Uint8Array(0)));
  db[db.length - message.length - 1] = 0x01;
  db.set(message, db.length - message.length);
  const seed = globalThis.crypto.getRandomValues(new Uint8Array(hLen));
  const dbMask = mgf1(seed, db.length);
  for (let i = 0; i < db.length; i++) db[i] = db[i]! ^ dbMask[i]!;
  const seedMask = mgf1(db, hLen);
  for (let i = 0; i < hLen; i++) seed[i] = seed[i]! ^ seedMask[i]!;
  const em = new Uint8Array(k);
  em.set(seed, 1);
  em.set(db, 1 + hLen);
  return bytesToBase64(bigIntToBytes(modPow(bytesToBigInt(em), e, n), k));
}
