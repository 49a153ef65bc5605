import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { describe, expect, it } from 'vitest';
import { addDays, companyToday } from './dates.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('companyToday and addDays (the hot date helpers)', () => {
  it('gives the calendar day of an instant in the zone, as dayjs does, around midnight and across years', () => {
    const instants = ['2026-11-28T16:59:59.999Z', '2026-11-28T17:00:00.000Z', '2026-12-31T17:00:00Z', '2027-01-01T00:00:00Z', '2024-02-28T17:30:00Z', '1999-12-31T23:59:59Z'];
    for (const zone of ['Asia/Ho_Chi_Minh', 'UTC', 'America/Los_Angeles', 'Asia/Kolkata']) {
      for (const at of instants) expect(companyToday(zone, new Date(at)), `${zone} ${at}`).toBe(dayjs(at).tz(zone).format('YYYY-MM-DD'));
    }
    expect(companyToday('Asia/Ho_Chi_Minh', new Date('2026-11-28T16:59:59Z'))).toBe('2026-11-28');
    expect(companyToday('Asia/Ho_Chi_Minh', new Date('2026-11-28T17:00:00Z'))).toBe('2026-11-29');
  });

  it('moves a day across months, leap days and years, backwards too', () => {
    expect(addDays('2026-11-28', 3)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-01', -366)).toBe('2025-02-28');
    expect(addDays('2026-11-28', 0)).toBe('2026-11-28');
  });
});
