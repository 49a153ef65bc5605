import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n.ts';
import { toDoCaseText } from './to-do-text.ts';

describe('a to-do line of My Work', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('gives a late or early case its measured minutes', () => {
    expect(toDoCaseText({ date: '2026-10-30', reason: '2', minute_violation: 43 })).toBe('30/10/2026 — Late coming (43 min)');
    expect(toDoCaseText({ date: '2026-10-27', reason: '3', minute_violation: 65 })).toBe('27/10/2026 — Part-day leave (65 min)');
  });

  it('names a missing punch without "(0 min)", which would read as nothing missing', () => {
    expect(toDoCaseText({ date: '2026-11-13', reason: '6', minute_violation: 0 })).toBe('13/11/2026 — No check-in and no check-out');
    expect(toDoCaseText({ date: '2026-11-14', reason: '5', minute_violation: 0 })).toBe('14/11/2026 — No check-out');
  });

  it('reads in Vietnamese, and shows an unknown case type as stored', async () => {
    await setLanguage('vi');
    expect(toDoCaseText({ date: '2026-11-13', reason: '6', minute_violation: 0 })).toBe('13/11/2026 — Không chấm công vào và ra');
    expect(toDoCaseText({ date: '2026-10-30', reason: '2', minute_violation: 43 })).toBe('30/10/2026 — Đi muộn (43 phút)');
    expect(toDoCaseText({ date: '2026-10-30', reason: 'X9', minute_violation: 0 })).toBe('30/10/2026 — X9');
  });
});
