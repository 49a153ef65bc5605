import { describe, expect, it } from 'vitest';
import { delegationTexts } from './i18n/index.ts';
import { en } from './i18n/en.ts';
import { vi } from './i18n/vi.ts';
import { periodStateTag } from './delegation-state.ts';

/** Issue 26 §11: a delegation whose range starts next week showed its In force switch on. */
describe('periodStateTag', () => {
  it('names the three states in both languages, Scheduled apart from In force', () => {
    const scheduled = periodStateTag('SCHEDULED')!;
    expect(delegationTexts.t(scheduled.text)).toBe('Scheduled');
    expect(en.states).toEqual({ SCHEDULED: 'Scheduled', IN_FORCE: 'In force', ENDED: 'Ended' });
    expect(vi.states).toEqual({ SCHEDULED: 'Chưa hiệu lực', IN_FORCE: 'Đang hiệu lực', ENDED: 'Hết hiệu lực' });
    expect(periodStateTag('IN_FORCE')!.tone).toBe('green');
    expect(periodStateTag('SCHEDULED')!.tone).not.toBe(periodStateTag('IN_FORCE')!.tone);
  });

  it('shows no tag for a row the server gave no state', () => {
    expect(periodStateTag(undefined)).toBeNull();
  });
});
