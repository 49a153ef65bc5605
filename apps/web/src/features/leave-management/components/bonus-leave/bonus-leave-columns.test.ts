import { describe, expect, it } from 'vitest';
import { bonusLeaveColumns } from './bonus-leave-columns.tsx';

const handlers = { onHistory: () => undefined, onEdit: () => undefined, onRemove: () => undefined };
const keys = (mayWrite: boolean) => bonusLeaveColumns({ page: 1, size: 10, mayWrite, ...handlers }).map((c) => c.key);

describe('bonus leave columns', () => {
  it('HR, HRM and Admin get the Action column with History, Edit and Remove (spec 000 §4)', () => {
    expect(keys(true).at(-1)).toBe('action');
  });

  it('division and group leads read the rows with no row action, History included (spec 000 §4)', () => {
    expect(keys(false)).not.toContain('action');
    expect(keys(false)).toContain('leaveHour');
  });
});
