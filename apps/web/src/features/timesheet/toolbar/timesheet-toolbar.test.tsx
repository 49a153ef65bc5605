import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { gridFilterSchema } from '@tms/contracts/timesheet-grid';
import type { TimesheetInfo } from '@tms/contracts/timesheet-review';
import { USER_DETAIL_KEY } from '../../../lib/auth.ts';
import { serverTimeQuery } from '../../../lib/lookups.ts';
import { TimesheetToolbar } from './timesheet-toolbar.tsx';

const timesheet: TimesheetInfo = {
  timesheet_id: 4,
  name: 'T11-2026',
  from_date: '2026-10-26',
  to_date: '2026-11-25',
  status: 0,
  working_days: 22,
  last_timesheet_period_end_date: '2026-10-25',
  forbidden_request_date: '2026-12-03',
  forbidden_request_time_in_hour: '12:00',
  is_lock: false,
  review_comment: null,
  approved_at: null,
  version: 1,
};

/** Server-renders the toolbar for a user with `roles` (no session: the cached detail of user '' is read). */
function render(roles: string[], info: Partial<TimesheetInfo> = {}): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData([USER_DETAIL_KEY, ''], { roles, permissions: [], isPm: false });
  client.setQueryData(serverTimeQuery.queryKey, { dateTimeNow: '2026-11-26T03:00:00Z', today: '2026-11-26', timeZone: 'Asia/Ho_Chi_Minh' });
  return renderToString(
    <QueryClientProvider client={client}>
      <TimesheetToolbar timesheet={{ ...timesheet, ...info }} filter={gridFilterSchema.parse({})} selectedEmployeeIds={[]} onChanged={() => undefined} />
    </QueryClientProvider>,
  );
}

const ids = (html: string) => [...html.matchAll(/data-testid="(ts-[a-z-]+)"/g)].map((m) => m[1]);

describe('TimesheetToolbar (rendered)', () => {
  it('HR in Draft after the period: every HR button but approve and reject', () => {
    expect(ids(render(['HR']))).toEqual([
      'ts-toolbar',
      'ts-export',
      'ts-import',
      'ts-send-email',
      'ts-calculate',
      'ts-calculate-all',
      'ts-update-schedule',
      'ts-comments',
      'ts-request-review',
    ]);
  });

  it('HR in Pending approval: approve and reject, no request review', () => {
    const shown = ids(render(['HR'], { status: 3 }));
    expect(shown).toEqual(expect.arrayContaining(['ts-approve', 'ts-reject']));
    expect(shown).not.toContain('ts-request-review');
  });

  it('HRM: no comments, no schedule update, no review decisions', () => {
    expect(ids(render(['HRM'], { status: 3 }))).toEqual(['ts-toolbar', 'ts-export', 'ts-import', 'ts-send-email', 'ts-calculate', 'ts-calculate-all']);
  });

  it('a role without list rights sees an empty bar', () => {
    expect(ids(render(['STAFF']))).toEqual(['ts-toolbar']);
  });

  it('shows the latest reject comment', () => {
    const html = render(['HR'], { status: 2, review_comment: 'Missing 03/11' });
    expect(ids(html)).toContain('ts-review-comment');
    expect(html).toContain('Missing 03/11');
  });
});

describe('accessible names of the toolbar buttons', () => {
  it('hides every icon from assistive technology, so a button is named by its text alone ("Reject", not "close Reject")', () => {
    const html = render(['HR'], { status: 3 });
    const icons = [...html.matchAll(/<span[^>]*role="img"[^>]*>/g)].map((m) => m[0]);
    expect(icons.length).toBeGreaterThan(5);
    for (const icon of icons) expect(icon).toContain('aria-hidden="true"');
  });
});
