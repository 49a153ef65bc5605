import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DayEntry, GridRow } from '@tms/contracts/timesheet-grid';
import type { ModifyTarget } from '../modify/modify-form.ts';
import { DAY_COLUMN_WIDTH, daySlots, gridLayoutOf } from './day-slots.ts';
import { gridColumns } from './grid-columns.tsx';
import { TimesheetGrid } from './timesheet-grid.tsx';
import { dayEntry } from '../test-day-entry.ts';

// 2026-11-20 Fri … 2026-11-24 Tue (21–22 weekend).
const period = { from_date: '2026-11-20', to_date: '2026-11-24' };

const day = (date: string, over: Partial<DayEntry> = {}): DayEntry =>
  dayEntry({ date_of_issue: date, check_out_time: '17:40', morning_credit: 'ATTENDANCE', afternoon_credit: 'ATTENDANCE', ...over });

const row = (id: number, name: string, days: DayEntry[]): GridRow => ({
  id,
  name,
  user_name: name.toLowerCase(),
  employmentID: String(id),
  sf4c_id: null,
  role: 'Staff',
  department: 'Dept A',
  rule_type: 'DAY',
  total_workday: 2.5,
  violationWorkingTime: { countDaysNotEnoughWorkingTime: 1 },
  timesheets: days,
});

const rows = [
  row(7, 'An', [
    day('2026-11-20'),
    day('2026-11-21', { day_type: 'WEEKEND', value: null, check_in_time: null, check_out_time: null }),
    day('2026-11-22', { day_type: 'WEEKEND', value: null, check_in_time: null, check_out_time: null }),
    day('2026-11-23', { value: 0.5, is_late_coming: true }),
    day('2026-11-24', { day_type: 'HOLIDAY', notation: 'H' }),
  ]),
  // Today (2026-11-23) not judged yet: punches so far, no value; tomorrow nothing at all (RULES.md §4).
  row(8, 'Binh', [
    day('2026-11-20'),
    day('2026-11-23', { value: null, computed_value: null, check_out_time: null }),
    day('2026-11-24', { value: null, computed_value: null, check_in_time: null, check_out_time: null }),
  ]),
];

function render(editable: boolean): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderToString(
    <QueryClientProvider client={client}>
      <TimesheetGrid
        period={period}
        rows={rows}
        total={41}
        page={1}
        size={20}
        loading={false}
        onPageChange={() => undefined}
        selectedIds={[]}
        onSelect={() => undefined}
        filterQuery={{}}
        editable={editable}
        onModify={() => undefined}
        onStaffClick={() => undefined}
      />
    </QueryClientProvider>,
  );
}

/** The element carrying `data-testid="id"`, as its opening tag. */
const tagOf = (html: string, id: string) => new RegExp(`<[^>]*data-testid="${id}"[^>]*>`).exec(html)?.[0] ?? '';

describe('TimesheetGrid (server-rendered, wide)', () => {
  const html = render(true);

  it('renders the staff link, a header per day and a cell per employee and day', () => {
    expect(html).toContain('data-testid="ts-staff-7"');
    for (const date of ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']) {
      // Once each: antd's hidden measure row repeats the titles, so the id sits on the header cell.
      expect(html.split(`data-testid="ts-day-header-${date}"`)).toHaveLength(2);
      expect(html).toContain(`data-testid="ts-cell-7-${date}"`);
    }
    expect(html).toContain('1-20 of 41 items');
  });

  it('styles cells: full, lack with the late mark, holiday notation, weekends shaded', () => {
    expect(tagOf(html, 'ts-cell-7-2026-11-20')).toContain('ts-cell--full');
    expect(tagOf(html, 'ts-cell-7-2026-11-23')).toMatch(/ts-cell--lack.*ts-cell--late/);
    expect(html).toMatch(/data-testid="ts-cell-7-2026-11-24"[^>]*>H</);
    expect(html).toContain('ts-col--weekend');
  });

  it('makes working-day cells clickable only while editable, never weekend cells', () => {
    expect(tagOf(html, 'ts-cell-7-2026-11-20')).toContain('ts-cell--editable');
    expect(tagOf(html, 'ts-cell-7-2026-11-21')).not.toContain('ts-cell--editable');
    expect(tagOf(render(false), 'ts-cell-7-2026-11-20')).not.toContain('ts-cell--editable');
  });
});

describe('days not judged yet (RULES.md §4)', () => {
  const html = render(true);

  it('today shows no value and neither full nor lack, but stays open to Modify Cell for its punches', () => {
    const today = tagOf(html, 'ts-cell-8-2026-11-23');
    expect(today).not.toMatch(/ts-cell--(full|lack)/);
    expect(html).toMatch(/data-testid="ts-cell-8-2026-11-23"[^>]*><\/div>/);
    expect(today).toContain('ts-cell--editable');
  });

  it('a future day shows nothing and cannot be modified', () => {
    const future = tagOf(html, 'ts-cell-8-2026-11-24');
    expect(future).not.toMatch(/ts-cell--(full|lack|editable)/);
    expect(html).toMatch(/data-testid="ts-cell-8-2026-11-24"[^>]*><\/div>/);
  });
});

describe('gridColumns', () => {
  const modified: ModifyTarget[] = [];
  const options = (compact: boolean, editable = true, hasRows = true) => ({
    slots: daySlots(period.from_date, period.to_date, compact),
    compact,
    filterQuery: {},
    editable,
    hasRows,
    onStaffClick: () => undefined,
    onModify: (t: ModifyTarget) => modified.push(t),
  });

  it('puts Staff, Role/Department, Total and Violation before the days', () => {
    expect(gridColumns(options(false)).map((c) => c.title).slice(0, 4)).toEqual(['Staff', 'Role/Department', 'Total', 'Violation']);
  });

  it('compact: the weekend run is one narrow shaded column', () => {
    const columns = gridColumns(options(true));
    expect(columns.map((c) => c.key)).toEqual(['name', 'department', 'total_workday', 'violation', 'day-2026-11-20', 'weekend-2026-11-21', 'day-2026-11-23', 'day-2026-11-24']);
    const merged = columns[5]!;
    expect(merged.width).toBe(12);
    expect((merged.onCell?.(rows[0]!) as { className?: string }).className).toContain('ts-col--weekend');
    expect((merged.onHeaderCell?.({}) as Record<string, unknown>)['data-testid']).toBe('ts-weekend-2026-11-21');
  });

  it('offers Modify Column only on a working day with data, while editable', () => {
    const header = (compact: boolean, editable: boolean, hasRows: boolean, key: string) => {
      const column = gridColumns(options(compact, editable, hasRows)).find((c) => c.key === key)!;
      return (column.title as { props: { onModifyColumn?: () => void } }).props.onModifyColumn;
    };
    expect(header(false, true, true, 'day-2026-11-20')).toBeTypeOf('function');
    expect(header(false, true, true, 'day-2026-11-21')).toBeUndefined();
    expect(header(false, false, true, 'day-2026-11-20')).toBeUndefined();
    expect(header(false, true, false, 'day-2026-11-20')).toBeUndefined();
    header(false, true, true, 'day-2026-11-23')!();
    expect(modified.at(-1)).toEqual({ type: 'column', date: '2026-11-23' });
  });
});

describe('narrow screen (768 px, spec 000 §9)', () => {
  it('is the narrow layout at 768 px, compact under 1400 px, wide from 1400 px', () => {
    expect([768, 1024, 1399, 1400].map(gridLayoutOf)).toEqual(['narrow', 'compact', 'compact', 'wide']);
  });

  it('leaves room for at least 12 compact days beside the frozen columns at 768 px', () => {
    const columns = gridColumns({ slots: [], compact: true, layout: 'narrow', filterQuery: {}, editable: false, hasRows: true, onStaffClick: () => undefined, onModify: () => undefined });
    const frozen = columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0);
    // 768 px less the page padding (2 × 8 px) and the row checkbox column (36 px).
    const room = 768 - 16 - 36 - frozen;
    expect(Math.floor(room / DAY_COLUMN_WIDTH.compact)).toBeGreaterThanOrEqual(12);
  });
});
