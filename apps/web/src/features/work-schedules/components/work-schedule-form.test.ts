import { describe, expect, it } from 'vitest';
import { checkWorkScheduleForm, WORK_SCHEDULE_MESSAGES as M } from '@tms/contracts/work-schedule-config';
import { createBody, initialRows, resetRow, rowsOf, typeOptions } from './work-schedule-form.ts';

describe('work schedule form rows', () => {
  it('starts with the default office day on every weekday, which the shared rules accept', () => {
    const rows = initialRows();
    expect(rows.map((r) => r.key)).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
    const checked = checkWorkScheduleForm(createBody({ code: ' C1 ', type: 'HCM', name: 'Office', active: true }, rows));
    expect(checked.ok).toBe(true);
    if (checked.ok) {
      expect(checked.value.code).toBe('C1');
      expect(checked.value.days[0]).toMatchObject({ startTime: '08:30', endTime: '17:30', breakStart: '12:00', breakEnd: '13:00', workingTime: 480 });
    }
  });

  it('unticking a day resets the row and sends it as a day off', () => {
    const saturday = resetRow(initialRows()[5]!);
    expect(saturday).toMatchObject({ workingDay: false, startTime: '', endTime: '', workingTime: null, breakTime: null });
    const body = createBody({ code: 'C', type: 'HCM', name: 'N', active: true }, [...initialRows().slice(0, 5), saturday, resetRow(initialRows()[6]!)]);
    expect(body.days![5]).toEqual({ day: 6, key: 'SATURDAY', workingDay: false });
  });

  it('a Wednesday half day without a break passes; a working day without times gets the day’s message', () => {
    const rows = initialRows().map((r) => (r.day === 3 ? { ...r, endTime: '12:00', workingTime: 3.5, minimumWorkingTime: 3.5, breakTime: 0 } : r));
    expect(checkWorkScheduleForm(createBody({ code: 'C', type: 'HCM', name: 'N', active: true }, rows)).ok).toBe(true);
    const missing = initialRows().map((r) => (r.day === 2 ? { ...r, startTime: '' } : r));
    const checked = checkWorkScheduleForm(createBody({ code: 'C', type: 'HCM', name: 'N', active: true }, missing));
    expect(checked).toEqual({ ok: false, messages: [M.timesRequired('Tuesday')] });
  });

  it('reads a stored schedule back; types include the spec’s two', () => {
    const rows = rowsOf({ days: [{ key: 'MONDAY', day: 1, workingDay: true, startTime: '09:00', endTime: '18:00', breakStart: null, breakEnd: null, workingTime: 9, minimumWorkingTime: 8, continuousWorkingTime: null, breakTime: 0 }] });
    expect(rows[0]).toMatchObject({ workingDay: true, startTime: '09:00', workingTime: 9, minimumWorkingTime: 8 });
    expect(rows[1]).toMatchObject({ workingDay: false, startTime: '' });
    expect(typeOptions([{ value: 'SHIFT' }, { value: 'HCM' }]).map((o) => o.value)).toEqual(['HCM', 'FLEXIBLE']);
    expect(typeOptions([]).map((o) => o.value)).toEqual(['FLEXIBLE', 'HCM']);
  });
});
