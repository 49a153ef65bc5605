import { constants, createPrivateKey, generateKeyPair, privateDecrypt, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { hash, verify } from '@node-rs/argon2';
import { isStorableText } from '@tms/contracts/api';
import type { Db } from '../../db/client.ts';
import { findAppKey, insertAppKeyIfAbsent } from './auth.repository.ts';

/** The login key pair lives in `app_keys` so every replica decrypts with the same key (ARCHITECTURE.md scale-out). */
export const LOGIN_KEY_NAME = 'login-rsa';

type LoginKey = { publicPem: string; privateKey: KeyObject };

const generate = promisify(generateKeyPair);
/** One load per database handle; the stored pair never changes once written. */
const loaded = new WeakMap<Db, Promise<LoginKey>>();

async function loadOrCreate(db: Db): Promise<LoginKey> {
  let row = await findAppKey(db, LOGIN_KEY_NAME);
  if (!row) {
    const pair = await generate('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    // Two replicas may race here: the first insert wins and both read back the winner.
    await insertAppKeyIfAbsent(db, LOGIN_KEY_NAME, pair.publicKey, pair.privateKey);
    row = await findAppKey(db, LOGIN_KEY_NAME);
    if (!row) throw new Error('login key pair was not stored');
  }
  return { publicPem: row.publicPem, privateKey: createPrivateKey(row.privatePem) };
}

export function loginKey(db: Db): Promise<LoginKey> {
  let key = loaded.get(db);
  if (!key) {
    key = loadOrCreate(db);
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}

/** base64 ciphertext of a 2048-bit key is 344 characters; anything much longer is not ours. */
const MAX_CIPHERTEXT_BASE64 = 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * RULES.md §2: each login field is base64 of RSA-OAEP (SHA-256) ciphertext of the UTF-8 text.
 * undefined when the field cannot be decrypted (the caller answers the same 401 as a wrong password).
 */
export function decryptField(privateKey: KeyObject, base64: string): string | undefined {
  if (base64.length > MAX_CIPHERTEXT_BASE64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined;
  try {
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    );
    const text = utf8.decode(plain);
    // A NUL cannot reach SQL (issue 7 §2): such a field reads as undecryptable.
    return isStorableText(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** RULES.md §2: argon2id (the library's default algorithm). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash so an unknown username costs the same time as a wrong password
 * (the answer must not reveal which usernames exist).
 */
export async function spendVerifyTime(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-' + Math.random());
  await verifyPassword(await dummyHash, password);
}
