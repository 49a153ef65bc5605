import { describe, expect, it } from 'vitest';
import { KIOSK_TOKEN_KEY, takeKioskToken } from './api/kiosk-api.ts';
import { PIN_PATTERN } from './pin-card.tsx';
import { formatClock, serverOffsetMs } from './server-clock.ts';

function store() {
  const data = new Map<string, string>();
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('kiosk token (issue 28 §3)', () => {
  it('takes the token from #token= once, stores it and clears the address', () => {
    const s = store();
    const replaced: string[] = [];
    const token = takeKioskToken({ hash: '#token=abc%2Bdef', pathname: '/kiosk', search: '' }, s, (url) => replaced.push(url));
    expect(token).toBe('abc+def');
    expect(s.data.get(KIOSK_TOKEN_KEY)).toBe('abc+def');
    expect(replaced).toEqual(['/kiosk']);
    // Next load: no fragment, the stored token.
    expect(takeKioskToken({ hash: '', pathname: '/kiosk', search: '' }, s, (url) => replaced.push(url))).toBe('abc+def');
    expect(replaced).toHaveLength(1);
  });

  it('answers null on a browser that is not a kiosk', () => {
    expect(takeKioskToken({ hash: '', pathname: '/kiosk', search: '' }, store(), () => undefined)).toBeNull();
  });
});

describe('server clock', () => {
  it('measures the offset from the server time and shows the server time, not the phone', () => {
    const offset = serverOffsetMs('2026-03-02T01:00:00Z', Date.parse('2026-03-02T00:55:00Z'));
    expect(offset).toBe(5 * 60_000);
    const shown = new Date(Date.parse('2026-03-02T00:55:30Z') + offset);
    expect(formatClock(shown, 'Asia/Ho_Chi_Minh', true)).toBe('08:00:30');
    expect(formatClock('08:15:00', undefined)).toBe('08:15');
    expect(serverOffsetMs('nonsense', 0)).toBe(0);
  });
});

describe('PIN', () => {
  it('accepts 4 to 6 digits only', () => {
    expect(['1234', '123456'].every((p) => PIN_PATTERN.test(p))).toBe(true);
    expect(['123', '1234567', '12a4', ''].some((p) => PIN_PATTERN.test(p))).toBe(false);
  });

});
