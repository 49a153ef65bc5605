import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { endsNextDay, latestEnd, otDateDisabled } from '../ot-window.ts';
import { toFixedPayload } from './fixed-overtime-view.ts';

describe('fixed overtime form helpers', () => {
  const t = (hm: string) => dayjs(`2026-11-09 ${hm}`, 'YYYY-MM-DD HH:mm');

  it('sends the next day for an end before the start (overnight), the same day otherwise', () => {
    const base = { title: ' T ', project_id: 1, ot_date: dayjs('2026-11-09'), ot_type: 'OT_AT_OFFICE', staff: [4, 5] };
    expect(toFixedPayload({ ...base, start: t('22:00'), end: t('02:00') })).toMatchObject({
      title: 'T',
      ot_date: '2026-11-09',
      start_time: '2026-11-09 22:00:00',
      end_time: '2026-11-10 02:00:00',
      staff: [{ employee_id: 4, status: 1 }, { employee_id: 5, status: 1 }],
    });
    expect(toFixedPayload({ ...base, start: t('18:00'), end: t('21:30') }).end_time).toBe('2026-11-09 21:30:00');
    // Equal times stay on the same day: the server answers 'The end time must be after the start time'.
    expect(toFixedPayload({ ...base, start: t('18:00'), end: t('18:00') }).end_time).toBe('2026-11-09 18:00:00');
    expect(endsNextDay(t('18:00'), t('17:59'))).toBe(true);
  });

  it('disables weekends, dates on or before the lock date and dates past the latest period end + 10 days', () => {
    const lock = dayjs('2026-10-25');
    expect(otDateDisabled(dayjs('2026-11-07'), lock, '2026-11-25')).toBe(true); // Saturday
    expect(otDateDisabled(dayjs('2026-10-23'), lock, '2026-11-25')).toBe(true);
    expect(otDateDisabled(dayjs('2026-10-26'), lock, '2026-11-25')).toBe(false);
    expect(otDateDisabled(dayjs('2026-12-04'), lock, '2026-11-25')).toBe(false);
    expect(otDateDisabled(dayjs('2026-12-07'), lock, '2026-11-25')).toBe(true);
    expect(latestEnd([{ to_date: '2026-10-25' }, { to_date: '2026-11-25' }])).toBe('2026-11-25');
  });
});
