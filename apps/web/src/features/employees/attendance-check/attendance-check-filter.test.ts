import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formValuesOf, parseStoredFilter, queryOf, storedOf } from './attendance-check-filter.ts';

describe('attendance-check filter kept for the session', () => {
  it('reads anything from storage as a valid filter on page 1 of 10 by default', () => {
    expect(parseStoredFilter(undefined)).toEqual({ page: 1, size: 10 });
    expect(parseStoredFilter({ keyword: ' son ', date: '31/02/2026', page: -1, size: 'x' })).toEqual({ keyword: 'son', page: 1, size: 10 });
    expect(parseStoredFilter({ attendance_check_system: 'TMS', date: '01/11/2026', page: 3, size: 20 })).toMatchObject({ attendance_check_system: 'TMS', date: '01/11/2026', page: 3, size: 20 });
  });

  it('a search starts again at page 1 with the page size kept, the date as DD/MM/YYYY', () => {
    const stored = storedOf({ keyword: 'Sơn', attendance_check_id: '', date: dayjs('2026-11-05') }, 20);
    expect(stored).toEqual({ keyword: 'Sơn', attendance_check_system: undefined, attendance_check_id: undefined, date: '05/11/2026', page: 1, size: 20 });
    expect(queryOf(stored)).toEqual({ keyword: 'Sơn', attendance_check_system: undefined, attendance_check_id: undefined, date: '05/11/2026' });
    expect(formValuesOf(stored).date?.format('YYYY-MM-DD')).toBe('2026-11-05');
  });
});
