import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n.ts';
import { bellLabel } from './bell-label.ts';
import { layoutTexts } from './i18n/index.ts';

/** Issue 26 §4: the bell says what it is and how many are unread, in the language on screen. */
describe('bell label', () => {
  it('names the bell and the unread count; just the bell when none is unread', async () => {
    expect(bellLabel(13)).toBe('Notifications, 13 unread');
    expect(bellLabel(1)).toBe('Notifications, 1 unread');
    expect(bellLabel(0)).toBe('Notifications');
    await setLanguage('vi');
    try {
      expect(bellLabel(13, layoutTexts.t)).toBe('Thông báo, 13 chưa đọc');
      expect(bellLabel(0, layoutTexts.t)).toBe('Thông báo');
    } finally {
      await setLanguage('en');
    }
  });
});
