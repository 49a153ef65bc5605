import { constants, createHash, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@tms/contracts/auth-messages';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_PASSWORD } from '../../test/fixture.ts';
import { findAppKey, insertAppKeyIfAbsent } from './auth.repository.ts';
import { LOGIN_KEY_NAME } from './crypto.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { CHANGE_PASSWORD_RATE_LIMIT, usernameDelaySeconds } from './rate-limit.ts';

let t: TestApp;
let publicPem: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/public-key' });
  publicPem = res.json().data.publicKey;
});
afterAll(() => t.close());

/** What the web does before sending: RSA-OAEP (SHA-256) of the UTF-8 text, base64 (RULES.md §2). */
function encrypt(text: string): string {
  return publicEncrypt({ key: publicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text, 'utf8')).toString('base64');
}

let addressCounter = 0;
/** Each test signs in from its own client address, so the per-address limit of one test does not leak into another. */
function newAddress(): string {
  addressCounter += 1;
  return `10.0.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

function login(username: string, password: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username: encrypt(username), password: encrypt(password) } });
}

async function signIn(username: string, password = TEST_PASSWORD): Promise<string> {
  const res = await login(username, password, newAddress());
  expect(res.statusCode).toBe(200);
  return res.json().data.access_token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function detail(token: string, username?: string) {
  return t.app.inject({ method: 'GET', url: '/api/tms/user/detail', query: username ? { username } : {}, headers: bearer(token) });
}

/** `Retry-After` is a whole number of seconds within [min, max] (RULES.md §2, issue 7 §3). */
function expectRetryAfter(res: { headers: Record<string, unknown> }, max: number, min = 1): void {
  const value = res.headers['retry-after'];
  expect(typeof value).toBe('string');
  expect(value).toMatch(/^\d+$/);
  expect(Number(value)).toBeGreaterThanOrEqual(Math.max(1, min));
  expect(Number(value)).toBeLessThanOrEqual(max);
}

const LOGIN_FAILED_BODY = {
  code: 401,
  message: AUTH_MESSAGES.loginFailed,
  errorMessage: AUTH_MESSAGES.loginFailed,
  messageKey: 'auth.loginFailed',
  params: {},
  data: null,
};

describe('GET /api/auth/public-key', () => {
  it('answers an RSA 2048 SPKI PEM that stays the same and is stored once in app_keys', async () => {
    expect(publicPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const key = createPublicKey(publicPem);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);

    const again = await t.app.inject({ method: 'GET', url: '/api/auth/public-key' });
    expect(again.json()).toEqual({ code: 200, message: 'Success', data: { publicKey: publicPem } });
    const rows = await queryRows<{ name: string; public_pem: string }>(t.db, sql`select name, public_pem from app_keys`);
    expect(rows).toEqual([{ name: LOGIN_KEY_NAME, public_pem: publicPem }]);
  });

  it('keeps the first stored pair when another replica inserts its own concurrently', async () => {
    await insertAppKeyIfAbsent(t.db, LOGIN_KEY_NAME, 'other public', 'other private');
    expect((await findAppKey(t.db, LOGIN_KEY_NAME))?.publicPem).toBe(publicPem);
  });
});

describe('POST /api/login', () => {
  it('signs in with encrypted credentials and stores only the token hash', async () => {
    const res = await login('staff', TEST_PASSWORD, newAddress());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, data: { userName: 'staff' } });
    const token: string = body.data.access_token;
    // ≥ 128 bits of randomness (RULES.md §2): 32 bytes base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await queryRows<{ token_hash: string; ip: string }>(
      t.db,
      sql`select token_hash, ip from sessions where user_id = ${t.fixture.userIds.staff} order by id desc limit 1`,
    );
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]!.token_hash).not.toContain(token);

    const me = await detail(token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.userName).toBe('staff');
  });

  it('matches the username case-insensitively and answers the stored spelling', async () => {
    const res = await login('  STAFF2 ', TEST_PASSWORD, newAddress());
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userName).toBe('staff2');
  });

  it('answers the same 401 body for an unknown user, a wrong password, a disabled user and undecryptable fields', async () => {
    await t.db.execute(sql`update users set disabled = true where id = ${t.fixture.userIds.other}`);
    const address = newAddress();
    const attempts = [
      login('nobody-at-all', TEST_PASSWORD, address),
      login('hr', 'wrong password', address),
      login('other', TEST_PASSWORD, address),
      t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { username: randomBytes(256).toString('base64'), password: encrypt(TEST_PASSWORD) } }),
      t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { username: encrypt('hr'), password: 'not base64 at all!' } }),
      t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { username: encrypt('hr'), password: Buffer.from(TEST_PASSWORD).toString('base64') } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(LOGIN_FAILED_BODY);
    }
    await t.db.execute(sql`update users set disabled = false where id = ${t.fixture.userIds.other}`);
  });

  it('answers 400 with the spec texts when a field is missing or empty after decryption', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 400,
      message: AUTH_MESSAGES.usernameRequired,
      errorMessage: AUTH_MESSAGES.usernameRequired,
      messages: [AUTH_MESSAGES.usernameRequired, AUTH_MESSAGES.passwordRequired],
    });

    const emptyUser = await login('   ', TEST_PASSWORD, newAddress());
    expect(emptyUser.statusCode).toBe(400);
    expect(emptyUser.json()).toMatchObject({ code: 400, message: AUTH_MESSAGES.usernameRequired, errorMessage: AUTH_MESSAGES.usernameRequired, data: null });

    const emptyPassword = await login('staff', '', newAddress());
    expect(emptyPassword.statusCode).toBe(400);
    expect(emptyPassword.json()).toMatchObject({ code: 400, message: AUTH_MESSAGES.passwordRequired, errorMessage: AUTH_MESSAGES.passwordRequired });
  });

  /** Moves the recorded attempts of `username` (from `address`, or all) `seconds` into the past. */
  async function age(username: string, seconds: number, address?: string) {
    const where = address === undefined ? sql`username = ${username}` : sql`username = ${username} and ip = ${address}`;
    await t.db.execute(sql`update login_attempts set at = at - make_interval(secs => ${seconds}) where ${where}`);
  }

  it('refuses a username from one address after 5 failures with 429 and Retry-After; other addresses and users still sign in', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i += 1) {
      const res = await login('staff3', `wrong-${i}`, address);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login('staff3', TEST_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 429, message: MESSAGES_COMMON.tooManyRequests, errorMessage: MESSAGES_COMMON.tooManyRequests, data: null });
    // The fifth failure of this address: 8 minutes after it.
    expectRetryAfter(blocked, 480, 450);
    // The same spelling in another case from the same address is the same username.
    expect((await login('Staff3', TEST_PASSWORD, address)).statusCode).toBe(429);
    expect((await login('staff4', TEST_PASSWORD, address)).statusCode).toBe(200);
    expect((await login('staff3', TEST_PASSWORD, newAddress())).statusCode).toBe(200);

    // Once the delay has passed, the next attempt is checked.
    await age('staff3', 481);
    expect((await login('staff3', TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('slows a brute force from one address by a delay that grows with its failures', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i += 1) expect((await login('staff2', `guess-${i}`, address)).statusCode).toBe(401);
    expectRetryAfter(await login('staff2', 'guess-5', address), 480, 450);
    await age('staff2', 481);
    expect((await login('staff2', 'guess-5', address)).statusCode).toBe(401);
    // The sixth failure: 15 minutes, the longest wait.
    const blocked = await login('staff2', TEST_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expectRetryAfter(blocked, 900, 870);
    // Nothing refused was recorded: 6 failures in all.
    const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from login_attempts where username = 'staff2' and not success`);
    expect(Number(row!.n)).toBe(6);
  });

  it.each([
    [0, 0],
    [1, 30],
    [2, 60],
    [3, 120],
    [4, 240],
    [5, 480],
    [6, 900],
    [40, 900],
  ])('an address with %i failures of a username past its free ones waits %i s after the last', (failures, seconds) => {
    expect(usernameDelaySeconds(failures)).toBe(seconds);
  });

  it('does not lock a username for everyone: 100 failures from 20 addresses leave a fresh address free to sign in', async () => {
    // Issue 22 §4: this locked the colleague out for 15 minutes, the right password from a fresh address included.
    const attackers = Array.from({ length: 20 }, (_, i) => `172.16.${i}.1`);
    const rows = Array.from({ length: 100 }, (_, i) => sql`('login', 'other', ${attackers[i % 20]!}, false, now() - make_interval(secs => ${100 - i}))`);
    await t.db.execute(sql`delete from login_attempts where username = 'other'`);
    await t.db.execute(sql`insert into login_attempts (kind, username, ip, success, at) values ${sql.join(rows, sql`, `)}`);

    expect((await login('other', TEST_PASSWORD, newAddress())).statusCode).toBe(200);
    // The attackers' addresses wait, each by its own failures (5 each: 8 minutes after its last).
    const attacker = await login('other', TEST_PASSWORD, attackers[0]!);
    expect(attacker.statusCode).toBe(429);
    expectRetryAfter(attacker, 480, 300);
    // The colleague mistypes once: a wait of 30 s, not a lock, then the right password signs in.
    const desk = newAddress();
    expect((await login('other', 'typo', desk)).statusCode).toBe(401);
    const wait = await login('other', TEST_PASSWORD, desk);
    expect(wait.statusCode).toBe(429);
    expectRetryAfter(wait, 30, 20);
    await age('other', 31, desk);
    expect((await login('other', TEST_PASSWORD, desk)).statusCode).toBe(200);
  });

  it('does not let a stranger at another address lock a user out by typing their name', async () => {
    const stranger = newAddress();
    const desk = newAddress();
    await t.db.execute(sql`delete from login_attempts where username = 'hr'`);
    for (let i = 0; i < 5; i += 1) expect((await login('hr', `guess-${i}`, stranger)).statusCode).toBe(401);
    expect((await login('hr', TEST_PASSWORD, stranger)).statusCode).toBe(429);
    // The user at their own address: a wrong password still answers 401 (and then a short wait), the right one signs in.
    expect((await login('hr', TEST_PASSWORD, desk)).statusCode).toBe(200);
    expect((await login('hr', 'typo', newAddress())).statusCode).toBe(401);
  });

  it('keeps the counters in the database: another API process on the same database refuses the same address', async () => {
    const other = await buildApp({ database: t.database, config: { ...loadConfig({}), seedDemo: false }, clock: t.clock });
    await other.ready();
    try {
      const address = newAddress();
      for (let i = 0; i < 5; i += 1) expect((await login('dl', `guess-${i}`, address)).statusCode).toBe(401);
      const viaOther = (remoteAddress: string) =>
        other.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username: encrypt('dl'), password: encrypt(TEST_PASSWORD) } });
      expect((await viaOther(address)).statusCode).toBe(429);
      expect((await viaOther(newAddress())).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('counts parallel guesses for one username before letting more through', async () => {
    const address = newAddress();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => login('admin', `parallel-${i}`, address)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('refuses a client address after 20 failures in 15 minutes, whatever the username', async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i += 1) {
      const res = await login(`unknown-${i}`, 'whatever', address);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login('hrm', TEST_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MESSAGES_COMMON.tooManyRequests);
    expectRetryAfter(blocked, 15 * 60);
    // An undecryptable username is still counted against the address.
    const undecryptable = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { username: 'AAAA', password: 'AAAA' } });
    expect(undecryptable.statusCode).toBe(429);
    expectRetryAfter(undecryptable, 15 * 60);
    expect((await login('hrm', TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logout ends only the calling session', async () => {
    const first = await signIn('dl');
    const second = await signIn('dl');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: null });
    expect((await detail(first)).statusCode).toBe(401);
    expect((await detail(second)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
    expect(again.statusCode).toBe(401);
  });

  it('expires a session idle for more than 8 hours', async () => {
    const idle = await signIn('gl');
    const active = await signIn('gl');
    await t.db.execute(sql`update sessions set last_seen_at = now() - interval '9 hours'
                            where token_hash = ${createHash('sha256').update(idle).digest('hex')}`);
    await t.db.execute(sql`update sessions set last_seen_at = now() - interval '7 hours'
                            where token_hash = ${createHash('sha256').update(active).digest('hex')}`);
    expect((await detail(idle)).statusCode).toBe(401);
    expect((await detail(active)).statusCode).toBe(200);
  });

  it('ends the sessions of a disabled user at once', async () => {
    const token = await signIn('staff4');
    expect((await detail(token)).statusCode).toBe(200);
    await t.db.execute(sql`update users set disabled = true where id = ${t.fixture.userIds.staff4}`);
    expect((await detail(token)).statusCode).toBe(401);
    await t.db.execute(sql`update users set disabled = false where id = ${t.fixture.userIds.staff4}`);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tms/user/detail' })).statusCode).toBe(401);
    expect((await detail('made-up-token')).statusCode).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  function change(token: string, payload: Record<string, string>) {
    return t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(token), payload });
  }

  it('validates the fields with the spec texts', async () => {
    const token = await t.tokenFor('guest');
    const empty = await change(token, { password: '', newPassword: '', confirmPassword: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 400,
      message: AUTH_MESSAGES.passwordRequired,
      messages: [AUTH_MESSAGES.passwordRequired, AUTH_MESSAGES.newPasswordRequired, AUTH_MESSAGES.confirmPasswordRequired],
      data: null,
    });
    const short = await change(token, { password: TEST_PASSWORD, newPassword: 'short', confirmPassword: 'short' });
    expect(short.json()).toMatchObject({ code: 400, message: AUTH_MESSAGES.newPasswordTooShort });
    const mismatch = await change(token, { password: TEST_PASSWORD, newPassword: 'Longer-pass-1', confirmPassword: 'Longer-pass-2' });
    expect(mismatch.json()).toMatchObject({ code: 400, message: AUTH_MESSAGES.confirmPasswordMismatch });
    const wrongOld = await change(token, { password: 'not-my-password', newPassword: 'Longer-pass-1', confirmPassword: 'Longer-pass-1' });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toMatchObject({ code: 400, message: AUTH_MESSAGES.passwordIncorrect });
  });

  it('stores an argon2id hash, keeps the current session and ends the others', async () => {
    const current = await signIn('staff2');
    const other = await signIn('staff2');
    const res = await change(current, { password: TEST_PASSWORD, newPassword: 'N3w-Passw0rd', confirmPassword: 'N3w-Passw0rd' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: null });

    expect((await detail(current)).statusCode).toBe(200);
    expect((await detail(other)).statusCode).toBe(401);

    const [row] = await queryRows<{ password_hash: string; password_changed_at: string | null }>(
      t.db,
      sql`select password_hash, password_changed_at from users where id = ${t.fixture.userIds.staff2}`,
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_changed_at).not.toBeNull();

    expect((await login('staff2', TEST_PASSWORD, newAddress())).statusCode).toBe(401);
    expect((await login('staff2', 'N3w-Passw0rd', newAddress())).statusCode).toBe(200);
  });

  const wrongOld = { password: 'not-my-password', newPassword: 'Longer-pass-1', confirmPassword: 'Longer-pass-1' };

  function changeFrom(token: string, remoteAddress: string, payload: Record<string, string>) {
    return t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(token), remoteAddress, payload });
  }

  it('refuses wrong old passwords after 5 per user and address with 429 and Retry-After; the right one from another address still works', async () => {
    const token = await signIn('pm');
    const address = newAddress();
    for (let i = 0; i < CHANGE_PASSWORD_RATE_LIMIT.maxFailuresPerUsernameAndAddress; i += 1) {
      const res = await changeFrom(token, address, wrongOld);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.passwordIncorrect);
    }
    const blocked = await changeFrom(token, address, { password: TEST_PASSWORD, newPassword: 'N3w-Passw0rd', confirmPassword: 'N3w-Passw0rd' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 429, message: MESSAGES_COMMON.tooManyRequests, messageKey: 'common.tooManyRequests', params: {}, data: null });
    expectRetryAfter(blocked, 15 * 60);
    // Nothing was changed by the refused attempt; sign-in is counted apart and still works.
    expect((await login('pm', TEST_PASSWORD, address)).statusCode).toBe(200);

    const res = await changeFrom(token, newAddress(), { password: TEST_PASSWORD, newPassword: 'N3w-Passw0rd', confirmPassword: 'N3w-Passw0rd' });
    expect(res.statusCode).toBe(200);
    await changeFrom(token, newAddress(), { password: 'N3w-Passw0rd', newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
  });

  it('refuses wrong old passwords of one user past the per-user bound from any address, and counts parallel guesses', async () => {
    const token = await signIn('hrm');
    const { maxFailuresPerUsername, maxFailuresPerUsernameAndAddress } = CHANGE_PASSWORD_RATE_LIMIT;
    const addresses = Math.ceil(maxFailuresPerUsername / maxFailuresPerUsernameAndAddress);
    const statuses: number[] = [];
    for (let a = 0; a < addresses; a += 1) {
      const address = newAddress();
      // Parallel guesses from one address: the limit check and the count are serialised per user.
      const results = await Promise.all(Array.from({ length: maxFailuresPerUsernameAndAddress + 2 }, () => changeFrom(token, address, wrongOld)));
      statuses.push(...results.map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(maxFailuresPerUsername);
    const blocked = await changeFrom(token, newAddress(), { password: TEST_PASSWORD, newPassword: 'N3w-Passw0rd', confirmPassword: 'N3w-Passw0rd' });
    expect(blocked.statusCode).toBe(429);
    expectRetryAfter(blocked, 15 * 60);
  });
});
