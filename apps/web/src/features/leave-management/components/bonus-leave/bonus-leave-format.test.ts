import { describe, expect, it } from 'vitest';
import { formatRoles } from './bonus-leave-format.ts';

describe('bonus leave cell formats', () => {
  it('shows role display names, keeping an unknown one as sent', () => {
    expect(formatRoles('GROUP_LEAD, STAFF')).toBe('Group Lead, Staff');
    expect(formatRoles('DULEAD')).toBe('Division Lead');
    expect(formatRoles('')).toBe('');
    expect(formatRoles('PM')).toBe('PM');
  });
});
