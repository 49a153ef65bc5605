import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Monday 23/11/2026. */
const NOW = '2026-11-23T10:00:00+07:00';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(async () => t?.close());

describe('date query parameters of the request lookups', () => {
  it('an impossible or malformed date answers 400 Invalid Date!', async () => {
    const staffId = t.fixture.employeeIds.staff!;
    const urls = [
      `/api/tms/employee/check-working-type?employeeId=${staffId}&requestDate=2026-02-31`,
      `/api/tms/employee/check-working-type?employeeId=${staffId}&date=2026-13-01`,
      `/api/tms/employee/work-schedule?employeeId=${staffId}&date=2026-02-30`,
      `/api/tms/employee/work-schedule-type?employeeId=${staffId}&date=31/01/2026`,
      `/api/tms/filters/get-approver-for-user?username=staff&date=2026-02-29`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: await t.as('hr') });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().message, url).toBe(MESSAGES_COMMON.invalidDate);
    }
  });
});
