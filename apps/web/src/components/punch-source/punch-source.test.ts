import { describe, expect, it } from 'vitest';
import { evidenceRows, punchSourceText } from './punch-source.tsx';
import type { DayEntry } from '@tms/contracts/timesheet-grid';

describe('punch source (issue 28 §4)', () => {
  it('tells the source, the place and distance of web and kiosk punches, and sent late', () => {
    expect(punchSourceText({ source: 'web', place_name: 'HQ', distance_m: 40, sent_late: true })).toBe('Web · HQ, 40 m · Sent late');
    expect(punchSourceText({ source: 'kiosk', place_name: 'Gate', distance_m: null, sent_late: false })).toBe('Kiosk · Gate');
    expect(punchSourceText({ source: 'device', place_name: 'HQ', distance_m: 5, sent_late: false })).toBe('Device');
    expect(punchSourceText({ source: null })).toBe('');
  });

  it('adds a hover-card row only for self punches, marked when one was sent late', () => {
    const self = { source: 'web', place_name: 'HQ', distance_m: 12, sent_late: true, taken_at_server: false };
    expect(evidenceRows({ check_in_self: self } as unknown as DayEntry)).toEqual([{ label: 'Source', value: ['In: Web · HQ, 12 m · Sent late'], warn: true }]);
    expect(evidenceRows({} as DayEntry)).toEqual([]);
  });
});
