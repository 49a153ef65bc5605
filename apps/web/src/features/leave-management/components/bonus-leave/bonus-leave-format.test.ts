import { describe, expect, it } from 'vitest';
import { formatHours, formatRoles } from './bonus-leave-format.ts';

describe('bonus leave cell formats', () => {
  it('shows hours with 2 decimals', () => {
    expect(formatHours(8)).toBe('8.00');
    expect(formatHours(6.25)).toBe('6.25');
    expect(formatHours(0)).toBe('0.00');
  });

  it('shows role display names, keeping an unknown one as sent', () => {
    expect(formatRoles('GROUP_LEAD, STAFF')).toBe('Group Lead, Staff');
    expect(formatRoles('DULEAD')).toBe('Division Lead');
    expect(formatRoles('')).toBe('');
    expect(formatRoles('PM')).toBe('PM');
  });
});
