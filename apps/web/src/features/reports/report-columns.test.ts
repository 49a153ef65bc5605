import { describe, expect, it } from 'vitest';
import { TIMESHEET_DETAIL_SCROLL_X } from '@tms/contracts/timesheet-report';
import { detailColumns, formatFigure, summaryColumns } from './report-columns.tsx';

describe('report columns', () => {
  it('writes day figures as the grid, leave days with 3 decimals, hours with 2 and counts whole', () => {
    expect(formatFigure('total_paid_days', 19.5)).toBe('19.5');
    expect(formatFigure('total_paid_leave_days', 1.5)).toBe('1.500');
    expect(formatFigure('final_total_ot_hours', 7.5)).toBe('7.50');
    expect(formatFigure('late_coming_count', 2)).toBe('2');
  });

  it('puts a column per date between the staff columns and the figures, within the 6000 px scroll width', () => {
    const dates = Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);
    const cols = detailColumns(dates);
    expect(cols.map((c) => c.key).slice(7, 9)).toEqual(['d_2026-10-01', 'd_2026-10-02']);
    expect(cols[7]!.title).toBe('01/10');
    expect(cols).toHaveLength(summaryColumns().length + 31);
    const width = cols.reduce((s, c) => s + Number(c.width ?? 0), 0);
    expect(width).toBeLessThanOrEqual(TIMESHEET_DETAIL_SCROLL_X + 100);
    expect(cols.filter((c) => c.fixed === 'left').map((c) => c.key)).toEqual(['staff', 'user_name']);
  });
});
