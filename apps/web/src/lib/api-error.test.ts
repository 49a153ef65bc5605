import { describe, expect, it } from 'vitest';
import { apiErrorFromBody } from './api-error.ts';

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
