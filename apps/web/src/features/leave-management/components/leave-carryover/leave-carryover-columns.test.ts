import { describe, expect, it } from 'vitest';
import { carryoverColumns } from './leave-carryover-columns.tsx';

const handlers = { onHistory: () => undefined, onEdit: () => undefined, onRemove: () => undefined };
const keys = (mayWrite: boolean) => carryoverColumns({ page: 1, size: 10, mayWrite, ...handlers }).map((c) => c.key);

describe('leave carryover columns (spec 000 §2, §4)', () => {
  it('lists the spec columns, with the Action column for HR, HRM and Admin only', () => {
    expect(keys(true)).toEqual(['no', 'staff', 'division', 'financialYear', 'leaveHours', 'usedHours', 'remainHours', 'expiredHours', 'applyDate', 'expireDate', 'description', 'action']);
    expect(keys(false)).not.toContain('action');
  });
});
