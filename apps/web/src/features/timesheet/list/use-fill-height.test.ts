import { describe, expect, it } from 'vitest';
import { fillHeight, MIN_GRID_BODY } from './use-fill-height.ts';

describe('grid body height from the window (issue 26 §12)', () => {
  it('takes the window less what stands above the body and the pager below', () => {
    // A 1080 px window, the body starting 380 px down, 80 px of pager and gap: 620 px of rows (about 15).
    expect(fillHeight(1080, 380, 80)).toBe(620);
    expect(fillHeight(1440, 380, 80)).toBe(980);
  });

  it('never goes under the minimum on a short window', () => {
    expect(fillHeight(600, 380, 80)).toBe(MIN_GRID_BODY);
  });
});
