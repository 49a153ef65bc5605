import { describe, expect, it } from 'vitest';
import { apiErrorFromBody, unreachableError } from './api-error.ts';

describe('apiErrorFromBody', () => {
  it('prefers the login errorMessage', () => {
    const e = apiErrorFromBody(401, { errorMessage: 'Username or password is incorrect', message: 'Username or password is incorrect' });
    expect(e.status).toBe(401);
    expect(e.message).toBe('Username or password is incorrect');
    expect(e.messages).toEqual(['Username or password is incorrect']);
  });
  it('keeps the whole messages list', () => {
    const e = apiErrorFromBody(400, { code: 400, message: 'Staff is required', messages: ['Staff is required', 'Leave Hour is required'], data: null });
    expect(e.message).toBe('Staff is required');
    expect(e.messages).toEqual(['Staff is required', 'Leave Hour is required']);
  });
  it('falls back to a status text without a body', () => {
    expect(apiErrorFromBody(502, undefined).message).toBe('Request failed (502)');
    expect(apiErrorFromBody(0, undefined).message).toMatch(/Cannot reach the server/);
  });
});

describe('apiErrorFromBody keys (issue 25)', () => {
  it('keeps the key and parameters of the message and of each of the messages, null where a text has none', () => {
    const e = apiErrorFromBody(400, {
      code: 400,
      message: 'Staff is required',
      messages: ['Staff is required', 'Staff not found: an.nguyen', 'body must be object'],
      messageKey: 'bonusLeave.staffRequired',
      params: {},
      details: [{ key: 'bonusLeave.staffRequired', params: {} }, { key: 'bonusLeave.staffNotFound', params: { username: 'an.nguyen' } }, null],
      data: null,
    });
    expect(e.messageRef).toEqual({ key: 'bonusLeave.staffRequired', params: {} });
    expect(e.details).toEqual([{ key: 'bonusLeave.staffRequired', params: {} }, { key: 'bonusLeave.staffNotFound', params: { username: 'an.nguyen' } }, null]);
  });
  it('keeps keys beside the texts that remain when empty texts are dropped', () => {
    const e = apiErrorFromBody(400, { message: 'B', messages: ['', 'B'], details: [{ key: 'x.a', params: {} }, { key: 'x.b', params: { n: 1, m: '2' } }] });
    expect(e.messages).toEqual(['B']);
    expect(e.details).toEqual([{ key: 'x.b', params: { m: '2' } }]);
  });
  it('names a login failure by messageKey and a body without keys by nothing', () => {
    const login = apiErrorFromBody(401, { errorMessage: 'Username or password is incorrect', message: 'Username or password is incorrect', messageKey: 'auth.loginFailed', params: {} });
    expect(login.details).toEqual([{ key: 'auth.loginFailed', params: {} }]);
    expect(apiErrorFromBody(400, { message: 'Body is not valid JSON' }).details).toEqual([null]);
  });
  it('names the texts the web writes itself when the server gave none', () => {
    expect(apiErrorFromBody(502, undefined).messageRef).toEqual({ key: 'client.requestFailed', params: { status: '502' } });
    expect(unreachableError().details).toEqual([{ key: 'client.unreachable', params: {} }]);
  });
});
