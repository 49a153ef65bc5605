import { describe, expect, it } from 'vitest';
import { permissionsFor } from '@tms/contracts/routes';
import { reportLinks } from './report-hub.ts';

describe('report hub links', () => {
  it('lists Check in - Check out, the Work Schedule Report and Overtime compliance under TMS Report', () => {
    const gl = permissionsFor(['GROUP_LEAD', 'STAFF']);
    expect(reportLinks('tms', gl).map((l) => l.path)).toEqual(['/report/checkTime', '/report/policy-mapping', '/report/overtime-compliance']);
    expect(reportLinks('tms', gl).map((l) => l.title)).toEqual(['Check in - Check out', 'Work Schedule Report', 'Overtime compliance']);
  });

  it('lists the Timesheets Summary and Details under Payroll Report', () => {
    const hr = permissionsFor(['HR']);
    expect(reportLinks('payroll', hr).map((l) => [l.path, l.title])).toEqual([
      ['/report/detail', 'Timesheets Details'],
      ['/report/summary', 'Timesheets Summary'],
    ]);
  });

  it('shows nothing to a user without the report pages', () => {
    expect(reportLinks('tms', permissionsFor(['STAFF']))).toEqual([]);
    expect(reportLinks('payroll', permissionsFor(['STAFF']))).toEqual([]);
  });
});
