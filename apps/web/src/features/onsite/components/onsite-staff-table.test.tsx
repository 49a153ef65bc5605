import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { OnsiteStaffTable } from './onsite-staff-table.tsx';
import type { OnsiteStaff } from './use-onsite-staff.ts';

const lines = (staffError: string | null): OnsiteStaff => ({
  staff: [{ employeeId: 3, name: 'Staff', user_name: 'staff', startTime: '08:30', endTime: '17:30', duration: 8 }],
  staffError,
  setStaffError: () => undefined,
  picker: undefined,
  update: () => undefined,
  add: () => undefined,
  remove: () => undefined,
});
const render = (l: OnsiteStaff, canAddRemove: boolean) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <OnsiteStaffTable lines={l} canAddRemove={canAddRemove} />
    </QueryClientProvider>,
  );

describe('OnsiteStaffTable', () => {
  it('offers the picker and a remove button per line only to who may add or remove staff (spec 002 §6)', () => {
    const html = render(lines(null), true);
    expect(html).toContain('onsite-add-staff');
    expect(html).toContain('aria-label="Remove staff"');
    expect(html).toContain('aria-label="Start time of staff"');
    const fixed = render(lines(null), false);
    expect(fixed).not.toContain('onsite-add-staff');
    expect(fixed).not.toContain('Remove staff');
    expect(fixed).toContain('aria-label="Duration of staff"');
  });

  it('shows the "no staff" error under the table', () => {
    expect(render(lines('Staff is required'), false)).toMatch(/data-testid="onsite-staff-error"[^>]*>Staff is required</);
  });
});
