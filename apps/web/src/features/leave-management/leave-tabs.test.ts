import { describe, expect, it } from 'vitest';
import { LEAVE_TABS, visibleLeaveTabs } from './leave-tabs.ts';
import { pickTab } from './use-remembered-tab.ts';

const keysFor = (roles: string[], tabs = LEAVE_TABS) => visibleLeaveTabs(roles, tabs).map((t) => t.key);
const allBuilt = LEAVE_TABS.map((t) => ({ ...t, built: true })) as unknown as typeof LEAVE_TABS;

describe('visibleLeaveTabs (spec 000 §2 Leave management tabs)', () => {
  it('shows only built tabs: today Bonus Leave, for HR, HRM, Admin, DL and GL', () => {
    for (const role of ['HR', 'HRM', 'ADMIN', 'DULEAD', 'GROUP_LEAD']) expect(keysFor([role])).toEqual(['bonus-leave']);
  });

  it('shows nothing to staff, PM-only users and guests', () => {
    expect(keysFor(['STAFF'])).toEqual([]);
    expect(keysFor(['STAFF', 'PM'])).toEqual([]);
    expect(keysFor(['GUEST'])).toEqual([]);
  });

  it('follows each tab’s role list once the tabs are built, in spec order', () => {
    expect(keysFor(['HR'], allBuilt)).toEqual(['annual-leave-overview', 'bonus-leave', 'general-configuration', 'leave-carryover']);
    expect(keysFor(['DULEAD'], allBuilt)).toEqual(['annual-leave-overview', 'bonus-leave', 'leave-carryover']);
    expect(keysFor(['STAFF', 'GROUP_LEAD'], allBuilt)).toEqual(['annual-leave-overview', 'bonus-leave', 'leave-carryover']);
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
