import { companyToday } from './dates.ts';

/**
 * The server's one source of "now" for business rules (issue 7 §1): what day it is in the company (RULES.md §1),
 * whether a day has ended (RULES.md §4), what may still be requested. Services and jobs read `app.clock`, never
 * `new Date()`, so a test — or scripts/test-dates.mjs — can put the whole server on any instant. Session expiry and
 * sign-in windows use the database's now() and are not business time.
 */
export type Clock = {
  /** The current instant. */
  now(): Date;
  /** The company calendar day of now, 'YYYY-MM-DD' (RULES.md §1: TZ_COMPANY decides the day of an instant). */
  today(): string;
  /** The company time zone the day is taken in. */
  readonly timeZone: string;
};

/** A clock whose time stands still until set or advanced; for tests. */
export type TestClock = Clock & {
  set(instant: Date | string | number): void;
  advance(ms: number): void;
};

export function systemClock(timeZone: string): Clock {
  return {
    timeZone,
    now: () => new Date(),
    today: () => companyToday(timeZone, new Date()),
  };
}

function instantOf(value: Date | string | number): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new RangeError(`clock: not an instant: ${String(value)}`);
  return ms;
}

/**
 * A clock that reads `start` at the moment it is made and then runs at the real pace: the whole server on another
 * date (BUSINESS_CLOCK_START, README) while jobs, sessions and timeouts still see time pass — how the browser
 * journeys run on the 25th, the 26th or 1 January (scripts/test-dates.mjs --journeys).
 */
export function runningClock(start: Date | string | number, timeZone: string): Clock {
  const offset = instantOf(start) - Date.now();
  const now = () => new Date(Date.now() + offset);
  return { timeZone, now, today: () => companyToday(timeZone, now()) };
}

/** A settable clock starting at `instant` (an ISO text with its offset, e.g. '2026-11-23T10:00:00+07:00'). */
export function fixedClock(instant: Date | string | number, timeZone: string): TestClock {
  let ms = instantOf(instant);
  return {
    timeZone,
    now: () => new Date(ms),
    today: () => companyToday(timeZone, new Date(ms)),
    set: (value) => {
      ms = instantOf(value);
    },
    advance: (delta) => {
      ms += delta;
    },
  };
}
