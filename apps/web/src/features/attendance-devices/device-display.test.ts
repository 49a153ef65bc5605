import { describe, expect, it } from 'vitest';
import { iclockAddress, relativeTime, timeZoneOptions } from './device-display.ts';

const NOW = Date.parse('2026-11-23T03:00:00Z');

describe('relativeTime', () => {
  it.each([
    ['2026-11-23T03:00:00Z', 'just now'],
    ['2026-11-23T02:59:01Z', 'just now'],
    ['2026-11-23T02:59:00Z', '1 min ago'],
    ['2026-11-23T02:01:00Z', '59 min ago'],
    ['2026-11-23T02:00:00Z', '1 h ago'],
    ['2026-11-22T03:00:01Z', '23 h ago'],
    ['2026-11-22T03:00:00Z', '1 day ago'],
    ['2026-11-13T03:00:00Z', '10 days ago'],
    // A device clock ahead of the browser's is not "in the future".
    ['2026-11-23T03:05:00Z', 'just now'],
  ])('%s → %s', (iso, text) => {
    expect(relativeTime(iso, NOW)).toBe(text);
  });
});

describe('timeZoneOptions', () => {
  it('keeps the company default and the current zone, sorted without duplicates', () => {
    expect(timeZoneOptions(['UTC', 'Asia/Saigon', 'Asia/Bangkok', 'UTC'], 'Europe/Kyiv').map((o) => o.value)).toEqual([
      'Asia/Bangkok',
      'Asia/Ho_Chi_Minh',
      'Asia/Saigon',
      'Europe/Kyiv',
      'UTC',
    ]);
  });
});

describe('iclockAddress', () => {
  it('names host and port, the default port when the URL has none', () => {
    expect(iclockAddress({ origin: 'http://10.0.0.5:8080', hostname: '10.0.0.5', port: '8080', protocol: 'http:' })).toEqual({ url: 'http://10.0.0.5:8080/iclock', host: '10.0.0.5', port: '8080' });
    expect(iclockAddress({ origin: 'https://tms.example.com', hostname: 'tms.example.com', port: '', protocol: 'https:' }).port).toBe('443');
    expect(iclockAddress({ origin: 'http://tms.local', hostname: 'tms.local', port: '', protocol: 'http:' }).port).toBe('80');
  });
});
