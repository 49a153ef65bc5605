import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSessionJson, sessionKey, writeSessionJson } from './use-session-state.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

afterEach(() => vi.unstubAllGlobals());

describe('session state storage', () => {
  it('keys carry the user name so another sign-in starts clean', () => {
    expect(sessionKey('explanation-filter', 'gl')).toBe('explanation-filter:gl');
    expect(sessionKey('explanation-filter', undefined)).toBe('explanation-filter');
  });
  it('round-trips JSON and reads absent or broken values as undefined', () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    writeSessionJson('k', { page: 2, status: [1, 6] });
    expect(readSessionJson('k')).toEqual({ page: 2, status: [1, 6] });
    expect(readSessionJson('missing')).toBeUndefined();
    storage.map.set('broken', '{');
    expect(readSessionJson('broken')).toBeUndefined();
  });
  it('forgets quietly when storage refuses', () => {
    vi.stubGlobal('sessionStorage', { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } });
    expect(() => writeSessionJson('k', 1)).not.toThrow();
    expect(readSessionJson('k')).toBeUndefined();
  });
});
