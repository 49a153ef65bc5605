import { describe, expect, it } from 'vitest';
import { requestsOfEmployeeSearch, seesOnlyOwnRequests } from './request-links.ts';

describe('links to Request Management', () => {
  it('opens one person’s requests by id and label', () => {
    expect(requestsOfEmployeeSearch({ id: 7, label: 'Đặng Văn Sơn (sondv)' })).toBe('?employee=7&employee_name=%C4%90%E1%BA%B7ng+V%C4%83n+S%C6%A1n+%28sondv%29');
  });

  it('only plain staff see only their own requests (so the Team Calendar links no colleague for them)', () => {
    expect(seesOnlyOwnRequests({ roles: ['STAFF'], isPm: false })).toBe(true);
    expect(seesOnlyOwnRequests(undefined)).toBe(true);
    expect(seesOnlyOwnRequests({ roles: ['STAFF'], isPm: true })).toBe(false);
    for (const role of ['GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN', 'GUEST'] as const) {
      expect(seesOnlyOwnRequests({ roles: ['STAFF', role], isPm: false })).toBe(false);
    }
  });
});
