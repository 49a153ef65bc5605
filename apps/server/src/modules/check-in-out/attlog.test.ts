import { describe, expect, it } from 'vitest';
import { ATTLOG_MESSAGES as M, bodyLines, handshakeText, offsetText, parseAttlog, parseCommandResults, timeZoneOption } from './attlog.ts';
import { printableClip } from '../../lib/printable-text.ts';

const NOW = Date.parse('2026-03-18T03:00:00Z');
const parse = (body: string, timeZone = 'Asia/Ho_Chi_Minh') => parseAttlog(body, { system: 'SPEEDGATE', timeZone, nowMs: NOW });

describe('parseAttlog', () => {
  it.each([
    ['Vietnam (UTC+7)', 'Asia/Ho_Chi_Minh', '2026-03-16 08:31:05', '2026-03-16T08:31:05+07:00'],
    ['Tokyo (UTC+9)', 'Asia/Tokyo', '2026-03-16 10:31:00', '2026-03-16T10:31:00+09:00'],
    ['India (UTC+5:30)', 'Asia/Kolkata', '2026-03-16 07:01:00', '2026-03-16T07:01:00+05:30'],
    ['New York before its switch', 'America/New_York', '2026-03-07 23:59:59', '2026-03-07T23:59:59-05:00'],
    ['New York after its switch', 'America/New_York', '2026-03-09 08:00:00', '2026-03-09T08:00:00-04:00'],
    ['Berlin in summer time', 'Europe/Berlin', '2025-07-01 09:00:00', '2025-07-01T09:00:00+02:00'],
    ['a time without seconds', 'Asia/Ho_Chi_Minh', '2026-03-16 08:31', '2026-03-16T08:31:00+07:00'],
  ])('reads the device-local time of %s with its offset', (_name, timeZone, local, iso) => {
    const parsed = parse(`1001\t${local}\t0\t1\t0\t0\t0`, timeZone);
    expect(parsed.errors).toEqual([]);
    expect(parsed.punches).toEqual([{ s: 'SPEEDGATE', a: '1001', t: iso }]);
    expect(Date.parse(parsed.punches[0]!.t)).toBe(Date.parse(iso));
  });

  it('accepts every status code, 255 included, and ignores the fields after the time', () => {
    const body = [0, 1, 2, 3, 4, 5, 255, 'x'].map((code, i) => `7\t2026-03-16 08:0${i}:00\t${code}\t15\t0`).join('\n');
    expect(parse(body).punches).toHaveLength(8);
  });

  it('counts non-empty lines (LF or CRLF) and numbers bad ones as the device sent them', () => {
    const body = '1001\t2026-03-16 08:00:00\t0\r\n\r\nbad line\r\n\t2026-03-16 08:00:00\r\n1001\t2026-03-16 17:30:00\t1\r\n';
    const parsed = parse(body);
    expect(parsed.lines).toBe(4);
    expect(parsed.punches.map((p) => p.t)).toEqual(['2026-03-16T08:00:00+07:00', '2026-03-16T17:30:00+07:00']);
    expect(parsed.errors).toEqual([
      { line: 3, text: 'bad line', message: M.fields },
      { line: 4, text: '\t2026-03-16 08:00:00', message: M.pinMissing },
    ]);
  });

  it.each([
    ['a day that does not exist', '1\t2026-02-30 08:00:00', M.timeInvalid],
    ['an hour past 23', '1\t2026-03-16 24:00:00', M.timeInvalid],
    ['a date written another way', '1\t16/03/2026 08:00:00', M.timeInvalid],
    ['an ISO time with T', '1\t2026-03-16T08:00:00', M.timeInvalid],
    ['a time more than a day ahead', '1\t2026-03-19 11:00:00', M.timeInFuture],
    ['a PIN too long', `${'9'.repeat(101)}\t2026-03-16 08:00:00`, M.pinTooLong],
    ['a PIN with a NUL', '1\u00002\t2026-03-16 08:00:00', M.pinInvalid],
    ['one field only', '1001', M.fields],
  ])('rejects %s', (_name, line, message) => {
    const parsed = parse(line);
    expect(parsed.punches).toEqual([]);
    expect(parsed.errors).toEqual([{ line: 1, text: printableClip(line, 120), message }]);
  });

  it('quotes a bad line with its unprintable characters escaped and cut to 120 characters, never inside a pair', () => {
    const errors = (body: string) => parse(body).errors.map((e) => e.text);
    expect(errors('1\u00002\t2026-03-16 08:00:00\u0007\u0085\t0')).toEqual(['1\\x002\t2026-03-16 08:00:00\\x07\\x85\t0']);
    expect(errors('x\ud800y')).toEqual(['x\\ud800y']);
    const long = errors(`${'1'.repeat(119)}🙂\t2026-03-16 08:00:00`)[0]!;
    expect(long).toBe('1'.repeat(119));
  });

  it('keeps a clock running a little ahead (within a day)', () => {
    expect(parse('1\t2026-03-19 09:59:00').punches).toHaveLength(1);
  });
});

describe('protocol texts', () => {
  it('writes offsets and the TimeZone option in hours', () => {
    expect([offsetText(420), offsetText(-240), offsetText(330), offsetText(0)]).toEqual(['+07:00', '-04:00', '+05:30', '+00:00']);
    expect(timeZoneOption('Asia/Ho_Chi_Minh', NOW)).toBe('7');
    expect(timeZoneOption('Asia/Kolkata', NOW)).toBe('5.5');
    expect(timeZoneOption('America/New_York', NOW)).toBe('-4');
  });

  it('answers the handshake with stored stamps, 0 when none', () => {
    const text = handshakeText({ serialNumber: 'SN1', attlogStamp: '42', operlogStamp: null, timeZoneHours: '7' });
    expect(text.split('\n').slice(0, 4)).toEqual(['GET OPTION FROM: SN1', 'ATTLOGStamp=42', 'OPERLOGStamp=0', 'ATTPHOTOStamp=0']);
    expect(text).toContain('\nTimeZone=7\n');
  });

  it('reads command results and skips lines without an id', () => {
    expect(parseCommandResults('ID=12&Return=0&CMD=CHECK\nID=13&Return=-1002&CMD=DATA\nReturn=0\nID=x&Return=1\n')).toEqual([
      { id: 12, returnCode: 0 },
      { id: 13, returnCode: -1002 },
    ]);
    expect(bodyLines('\n\n')).toEqual([]);
  });
});
