import { describe, expect, it } from 'vitest';
import { scrollsBeyond } from './use-scroll-region.ts';

describe('scrollsBeyond', () => {
  it('is true for a box wider or taller than it shows, not for one that fits or is a rounding pixel over', () => {
    expect(scrollsBeyond({ scrollWidth: 900, clientWidth: 374, scrollHeight: 200, clientHeight: 200 })).toBe(true);
    expect(scrollsBeyond({ scrollWidth: 374, clientWidth: 374, scrollHeight: 1200, clientHeight: 600 })).toBe(true);
    expect(scrollsBeyond({ scrollWidth: 375, clientWidth: 374, scrollHeight: 600, clientHeight: 600 })).toBe(false);
  });
});
