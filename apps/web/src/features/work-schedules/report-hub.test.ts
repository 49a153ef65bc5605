import { describe, expect, it } from 'vitest';
import { permissionsFor } from '@tms/contracts/routes';
import { reportLinks } from './report-hub.ts';

describe('report hub links', () => {
  it('lists the built report pages the user may open under TMS Report; none under Payroll Report yet', () => {
    const gl = permissionsFor(['GROUP_LEAD', 'STAFF']);
    expect(reportLinks('tms', gl).map((l) => l.path)).toEqual(['/report/policy-mapping']);
    expect(reportLinks('tms', gl)[0]).toMatchObject({ title: 'Work Schedule Report' });
    expect(reportLinks('payroll', gl)).toEqual([]);
  });

  it('shows nothing to a user without the report pages', () => {
    expect(reportLinks('tms', permissionsFor(['STAFF']))).toEqual([]);
  });
});
