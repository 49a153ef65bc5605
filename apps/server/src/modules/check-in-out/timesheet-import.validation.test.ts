import { describe, expect, it } from 'vitest';
import { TIMESHEET_IMPORT_COLUMNS as COLS, TIMESHEET_IMPORT_MESSAGES as M } from '@tms/contracts/timesheet-export';
import type { CellValue } from '../../lib/xlsx.ts';
import {
  checkRow,
  duplicateRows,
  LATEST_CHECK_OUT_MINUTES,
  localInstants,
  missingColumns,
  parseClockCell,
  parseDateCell,
  resolveCheckOut,
  rowFields,
  templateExampleRow,
  type RowContext,
  type RowFields,
} from './timesheet-import.validation.ts';

const TZ = 'Asia/Ho_Chi_Minh';
const instantOf = localInstants(TZ);
/** Now: 21/11/2026 15:00 in the company zone; the lock date is the end of the October period. */
const ctx: RowContext = { today: '2026-11-21', lockDate: '2026-10-25', nowMs: Date.parse('2026-11-21T15:00:00+07:00'), instantOf };
const good: RowFields = { system: 'SPEEDGATE', account: 'SG001', date: '10/11/2026', checkIn: '08:30', checkOut: '17:30' };
const ms = (iso: string) => Date.parse(iso);
const excelTime = (h: number, m: number, day = 30) => new Date(Date.UTC(1899, 11, day, h, m));

describe('checkRow: the rules of one row (spec 001 §7.1, RULES.md §4)', () => {
  it.each<[string, Partial<RowFields>, string[]]>([
    ['system missing', { system: null }, [M.systemRequired]],
    ['system unknown', { system: 'FINGERPRINT' }, [M.systemInvalid(['SPEEDGATE', 'TMS'])]],
    ['system a number', { system: 7 }, [M.systemInvalid(['SPEEDGATE', 'TMS'])]],
    ['account missing', { account: null }, [M.idRequired]],
    ['account a fraction', { account: 12.5 }, [M.idInvalid]],
    ['account negative', { account: -3 }, [M.idInvalid]],
    ['account a date', { account: new Date(Date.UTC(2026, 0, 1)) }, [M.idInvalid]],
    ['account too long', { account: 'x'.repeat(101) }, [M.idTooLong(100)]],
    ['date missing', { date: null }, [M.dateRequired]],
    ['date in another format', { date: '2026-11-10' }, [M.dateInvalid]],
    ['date not a calendar date', { date: '31/11/2026' }, [M.dateInvalid]],
    ['date a number', { date: 46000 }, [M.dateInvalid]],
    ['date on the lock date', { date: '25/10/2026' }, [M.dateLocked('25/10/2026')]],
    ['date before the lock date', { date: '01/10/2026' }, [M.dateLocked('25/10/2026')]],
    ['date tomorrow', { date: '22/11/2026' }, [M.dateInFuture]],
    ['both times empty', { checkIn: null, checkOut: null }, [M.checkTimeRequired]],
    ['check in not a time', { checkIn: 'morning' }, [M.checkInInvalid]],
    ['check in 24:00', { checkIn: '24:00' }, [M.checkInInvalid]],
    ['check in minutes 60', { checkIn: '08:60' }, [M.checkInInvalid]],
    ['check in a number above a day', { checkIn: 8 }, [M.checkInInvalid]],
    ['check in a boolean', { checkIn: true }, [M.checkInInvalid]],
    ['check out not a time', { checkOut: '5pm' }, [M.checkOutInvalid]],
    ['check out 28:00', { checkOut: '28:00' }, [M.checkOutInvalid]],
    ['check out equal to check in', { checkOut: '08:30' }, [M.checkOutSameAsCheckIn]],
    ['check out 24 h after check in', { checkIn: '00:00', checkOut: '24:00' }, [M.checkOutSameAsCheckIn]],
    ['check in later today', { date: '21/11/2026', checkIn: '15:01', checkOut: null }, [M.checkInInFuture]],
    ['check out later today', { date: '21/11/2026', checkOut: '17:30' }, [M.checkOutInFuture]],
    ['night shift ending tomorrow', { date: '21/11/2026', checkIn: '14:00', checkOut: '02:00' }, [M.checkOutInFuture]],
    [
      'every rule at once, in column order',
      { system: 'X', account: null, date: '2026-11-10', checkIn: 'a', checkOut: 'b' },
      [M.systemInvalid(['SPEEDGATE', 'TMS']), M.idRequired, M.dateInvalid, M.checkInInvalid, M.checkOutInvalid],
    ],
    ['a locked date and no times', { date: '01/10/2026', checkIn: null, checkOut: null }, [M.dateLocked('25/10/2026'), M.checkTimeRequired]],
  ])('%s', (_name, patch, messages) => {
    const result = checkRow({ ...good, ...patch }, ctx);
    expect(result.messages).toEqual(messages);
    expect(result.line).toBeNull();
  });

  it('answers the line with both instants in the company zone (UTC+7)', () => {
    expect(checkRow(good, ctx)).toEqual({
      messages: [],
      key: { system: 'SPEEDGATE', account: 'SG001', date: '2026-11-10' },
      line: { system: 'SPEEDGATE', account: 'SG001', date: '2026-11-10', checkInMs: ms('2026-11-10T01:30:00Z'), checkOutMs: ms('2026-11-10T10:30:00Z') },
    });
  });

  it.each<[string, Partial<RowFields>, string, string | null, string | null]>([
    ['lower-case system, numeric account', { system: 'tms', account: 12345 }, 'TMS|12345', '2026-11-10T08:30', '2026-11-10T17:30'],
    ['only check in', { checkOut: null }, 'SPEEDGATE|SG001', '2026-11-10T08:30', null],
    ['only check out', { checkIn: null }, 'SPEEDGATE|SG001', null, '2026-11-10T17:30'],
    ['night shift: check out before check in is the next day', { checkIn: '22:00', checkOut: '06:00' }, 'SPEEDGATE|SG001', '2026-11-10T22:00', '2026-11-11T06:00'],
    ['check out written 25:30', { checkIn: '18:00', checkOut: '25:30' }, 'SPEEDGATE|SG001', '2026-11-10T18:00', '2026-11-11T01:30'],
    ['lone check out before 04:00 ends the night', { checkIn: null, checkOut: '03:59' }, 'SPEEDGATE|SG001', null, '2026-11-11T03:59'],
    ['lone check out at 04:00 is the same day', { checkIn: null, checkOut: '04:00' }, 'SPEEDGATE|SG001', null, '2026-11-10T04:00'],
    ['H:mm and seconds', { checkIn: '8:05', checkOut: '17:45:59' }, 'SPEEDGATE|SG001', '2026-11-10T08:05', '2026-11-10T17:45'],
    ['Excel date and time cells', { date: new Date(Date.UTC(2026, 10, 10)), checkIn: excelTime(8, 30), checkOut: excelTime(17, 30) }, 'SPEEDGATE|SG001', '2026-11-10T08:30', '2026-11-10T17:30'],
    ['an Excel [h]:mm of 26:15', { checkIn: excelTime(20, 0), checkOut: excelTime(2, 15, 31) }, 'SPEEDGATE|SG001', '2026-11-10T20:00', '2026-11-11T02:15'],
    ['unformatted day fractions', { checkIn: 0.375, checkOut: 0.75 }, 'SPEEDGATE|SG001', '2026-11-10T09:00', '2026-11-10T18:00'],
    ['the day after the lock date', { date: '26/10/2026' }, 'SPEEDGATE|SG001', '2026-10-26T08:30', '2026-10-26T17:30'],
    ['today, before now', { date: '21/11/2026', checkIn: '08:00', checkOut: '15:00' }, 'SPEEDGATE|SG001', '2026-11-21T08:00', '2026-11-21T15:00'],
  ])('accepts %s', (_name, patch, account, checkIn, checkOut) => {
    const result = checkRow({ ...good, ...patch }, { ...ctx, lockDate: patch.date === '26/10/2026' ? '2026-10-25' : ctx.lockDate });
    expect(result.messages).toEqual([]);
    const [system, id] = account.split('|');
    expect(result.line).toMatchObject({ system, account: id });
    expect(result.line!.checkInMs).toBe(checkIn === null ? null : ms(`${checkIn}:00+07:00`));
    expect(result.line!.checkOutMs).toBe(checkOut === null ? null : ms(`${checkOut}:00+07:00`));
  });

  it('keeps the key of a row with other errors, for the account and duplicate checks', () => {
    const result = checkRow({ ...good, checkIn: 'x' }, ctx);
    expect(result.key).toEqual({ system: 'SPEEDGATE', account: 'SG001', date: '2026-11-10' });
    expect(checkRow({ ...good, date: 'x' }, ctx).key).toBeNull();
  });

  it('reads no lock date as nothing locked', () => {
    expect(checkRow({ ...good, date: '01/01/2020' }, { ...ctx, lockDate: null }).messages).toEqual([]);
  });
});

describe('cells', () => {
  it.each<[CellValue, string | null | undefined]>([
    ['10/11/2026', '2026-11-10'],
    ['1/11/2026', undefined],
    ['29/02/2027', undefined],
    ['29/02/2028', '2028-02-29'],
    ['10/11/26', undefined],
    ['00/11/2026', undefined],
    [' 10/11/2026 x', undefined],
    [new Date(Date.UTC(2026, 10, 10, 9, 15)), '2026-11-10'],
    [null, null],
    [true, undefined],
  ])('date %s', (value, expected) => expect(parseDateCell(value)).toBe(expected));

  it.each<[CellValue, number | null | undefined]>([
    ['00:00', 0],
    ['23:59', 1439],
    ['27:59', LATEST_CHECK_OUT_MINUTES],
    ['28:00', undefined],
    ['7:5', undefined],
    ['08:30:60', undefined],
    [excelTime(8, 30), 510],
    [new Date(Date.UTC(1899, 11, 30, 8, 29, 59, 999)), 510],
    [new Date(Date.UTC(2026, 2, 10, 13, 45)), 825],
    [0.5, 720],
    [-0.1, undefined],
    [null, null],
  ])('time %s', (value, expected) => expect(parseClockCell(value, LATEST_CHECK_OUT_MINUTES)).toBe(expected));

  it('resolves a check-out to the next day only for a night', () => {
    expect(resolveCheckOut(480, 1050)).toBe(1050);
    expect(resolveCheckOut(1320, 360)).toBe(1800);
    expect(resolveCheckOut(null, 120)).toBe(1560);
    expect(resolveCheckOut(null, 600)).toBe(600);
    expect(resolveCheckOut(60, 120)).toBe(120);
    expect(resolveCheckOut(1200, 1500)).toBe(1500);
  });

  it('converts local wall times with the zone of the date (daylight saving too)', () => {
    expect(instantOf('2026-11-10', 510)).toBe(ms('2026-11-10T08:30:00+07:00'));
    expect(instantOf('2026-11-10', 1530)).toBe(ms('2026-11-11T01:30:00+07:00'));
    const paris = localInstants('Europe/Paris');
    expect(paris('2026-03-28', 600)).toBe(ms('2026-03-28T10:00:00+01:00'));
    expect(paris('2026-03-29', 600)).toBe(ms('2026-03-29T10:00:00+02:00'));
  });

  it('reads cells by header, trimmed and in any case', () => {
    const row = { rowNumber: 2, values: { 'attendance check system ': 'TMS', [COLS[1]]: 'A1', [COLS[2]]: '10/11/2026', 'CHECK IN': '08:00' } };
    expect(rowFields(row)).toEqual({ system: 'TMS', account: 'A1', date: '10/11/2026', checkIn: '08:00', checkOut: null });
  });

  it('names the missing template columns', () => {
    expect(missingColumns([...COLS])).toEqual([]);
    expect(missingColumns(['attendance check system', 'Attendance Check ID', 'Date'])).toEqual([M.missingColumn('Check In'), M.missingColumn('Check Out')]);
  });

  it('the template example row passes the row rules as it stands', () => {
    const row = templateExampleRow(ctx.today);
    const result = checkRow({ system: row.system!, account: row.account!, date: row.date!, checkIn: row.checkIn!, checkOut: row.checkOut! }, ctx);
    expect(result.messages).toEqual([]);
  });
});

describe('duplicateRows', () => {
  it('flags every later row of one account and date, with the first row number', () => {
    const key = (account: string, date: string) => ({ system: 'SPEEDGATE', account, date });
    const result = duplicateRows([
      { rowNumber: 2, key: key('A', '2026-11-10') },
      { rowNumber: 3, key: key('A', '2026-11-11') },
      { rowNumber: 4, key: key('B', '2026-11-10') },
      { rowNumber: 5, key: key('A', '2026-11-10') },
      { rowNumber: 6, key: null },
      { rowNumber: 7, key: { system: 'TMS', account: 'A', date: '2026-11-10' } },
      { rowNumber: 8, key: key('A', '2026-11-10') },
    ]);
    expect([...result]).toEqual([
      [5, 2],
      [8, 2],
    ]);
  });
});
