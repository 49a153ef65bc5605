import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, encryptForServer, encryptOaepSha256Fallback, sha256 } from './rsa.ts';

async function keyPair() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const b64 = bytesToBase64(spki).replace(/(.{64})/g, '$1\n');
  return { pem: `-----BEGIN PUBLIC KEY-----\n${b64}\n-----END PUBLIC KEY-----\n`, privateKey: pair.privateKey };
}

async function decrypt(privateKey: CryptoKey, b64: string): Promise<string> {
  const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, base64ToBytes(b64) as BufferSource);
  return new TextDecoder().decode(plain);
}

describe('login encryption (RULES.md §2: RSA-OAEP SHA-256, base64)', () => {
  it('sha256 matches WebCrypto', async () => {
    for (const text of ['', 'abc', 'x'.repeat(55), 'x'.repeat(56), 'y'.repeat(1000)]) {
      const data = new TextEncoder().encode(text);
      const expected = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
      expect(bytesToBase64(sha256(data))).toBe(bytesToBase64(expected));
    }
  });

  it('WebCrypto path and the no-WebCrypto fallback both decrypt to the text', async () => {
    const { pem, privateKey } = await keyPair();
    for (const text of ['admin', 'Passw0rd!', 'mật khẩu ✓', '']) {
      expect(await decrypt(privateKey, await encryptForServer(pem, text))).toBe(text);
      const fallback = encryptOaepSha256Fallback(pem, text);
      expect(base64ToBytes(fallback)).toHaveLength(256);
      expect(await decrypt(privateKey, fallback)).toBe(text);
    }
  });

  it('the fallback refuses text longer than one OAEP block', async () => {
    const { pem } = await keyPair();
    expect(() => encryptOaepSha256Fallback(pem, 'x'.repeat(191))).toThrow();
    expect(() => encryptOaepSha256Fallback(pem, 'x'.repeat(190))).not.toThrow();
  });
});
