import { describe, expect, it } from 'vitest';
import { leavingLosesChanges } from './unsaved-changes.ts';

/** Issue 26 §5: the long forms ask before their unsaved changes are lost. */
describe('leavingLosesChanges', () => {
  const here = { pathname: '/employee/employee-management' };
  it('asks when a changed form is left for another page', () => {
    expect(leavingLosesChanges(true, here, { pathname: '/logs' })).toBe(true);
  });
  it('does not ask for an unchanged form, nor for a query change on the same page', () => {
    expect(leavingLosesChanges(false, here, { pathname: '/logs' })).toBe(false);
    expect(leavingLosesChanges(true, here, { pathname: here.pathname })).toBe(false);
  });
});
