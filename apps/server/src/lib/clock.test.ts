import { describe, expect, it } from 'vitest';
import { loadConfig, parseInstant } from '../config.ts';
import { runningClock } from './clock.ts';

/**
 * BUSINESS_CLOCK_START (issue 22 §0): the browser journeys run the real server on the 25th, the 26th and 1 January.
 * The clock starts at the given instant and then runs at the real pace, so jobs and timeouts still see time pass.
 */
describe('BUSINESS_CLOCK_START', () => {
  it('starts business time at the instant and lets it run', async () => {
    const clock = runningClock('2027-01-01T23:59:59.900+07:00', 'Asia/Ho_Chi_Minh');
    expect(clock.today()).toBe('2027-01-01');
    const first = clock.now().getTime();
    // Within a second of the instant (the real date is months away): the first today() formats a time zone, which
    // took over 50 ms on a loaded machine.
    expect(first - Date.parse('2027-01-01T23:59:59.900+07:00')).toBeLessThan(1_000);
    await new Promise((r) => setTimeout(r, 150));
    expect(clock.now().getTime() - first).toBeGreaterThanOrEqual(140);
    expect(clock.today()).toBe('2027-01-02');
  });

  it('is read from the environment, absent by default', () => {
    expect(loadConfig({}).businessClockStart).toBeUndefined();
    expect(loadConfig({ BUSINESS_CLOCK_START: '2026-12-26T09:15:00+07:00' }).businessClockStart).toBe(Date.parse('2026-12-26T02:15:00Z'));
  });

  it.each(['tomorrow', '2026-12-26', '2026-12-26T09:15:00', '2026-13-40T09:15:00+07:00'])('stops the start on %j', (value) => {
    expect(() => parseInstant('BUSINESS_CLOCK_START', value)).toThrow(/^BUSINESS_CLOCK_START: .* is not an instant with its offset/);
  });
});
