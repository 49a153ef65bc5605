import { describe, expect, it } from 'vitest';
import { LEAVE_TABS, visibleLeaveTabs } from './leave-tabs.ts';
import { pickTab } from './use-remembered-tab.ts';

const keysFor = (roles: string[], tabs = LEAVE_TABS) => visibleLeaveTabs(roles, tabs).map((t) => t.key);

describe('visibleLeaveTabs (spec 000 §2 Leave management tabs)', () => {
  it('shows HR, HRM and Admin every tab, in spec order', () => {
    for (const role of ['HR', 'HRM', 'ADMIN']) {
      expect(keysFor([role])).toEqual(['annual-leave-overview', 'bonus-leave', 'general-configuration', 'leave-carryover']);
    }
  });

  it('shows division and group leads every tab but General Configuration', () => {
    expect(keysFor(['DULEAD'])).toEqual(['annual-leave-overview', 'bonus-leave', 'leave-carryover']);
    expect(keysFor(['STAFF', 'GROUP_LEAD'])).toEqual(['annual-leave-overview', 'bonus-leave', 'leave-carryover']);
  });

  it('shows nothing to staff, PM-only users and guests', () => {
    expect(keysFor(['STAFF'])).toEqual([]);
    expect(keysFor(['STAFF', 'PM'])).toEqual([]);
    expect(keysFor(['GUEST'])).toEqual([]);
  });

  it('leaves out a tab that is not built', () => {
    const withoutOverview = LEAVE_TABS.map((t) => (t.key === 'annual-leave-overview' ? { ...t, built: false } : t)) as unknown as typeof LEAVE_TABS;
    expect(keysFor(['HR'], withoutOverview)).toEqual(['bonus-leave', 'general-configuration', 'leave-carryover']);
  });
});

describe('pickTab', () => {
  it('keeps the remembered tab while it is visible, else the first', () => {
    expect(pickTab(['a', 'b'], 'b')).toBe('b');
    expect(pickTab(['a', 'b'], 'gone')).toBe('a');
    expect(pickTab(['a', 'b'], null)).toBe('a');
    expect(pickTab([], 'a')).toBeUndefined();
  });
});
