/**
 * When explanations (and later requests) of a payroll period's dates close (RULES.md §4–§5, spec 001 §4.3): on the
 * period's `forbidden_request_date`, by default the `forbidden_request_day` setting (3) of the month after the
 * period's end, at `forbidden_request_time_in_hour` (default 12:00) company time. Pure: the repository loads, this
 * decides, so the default is written once.
 */

export const DEFAULT_FORBIDDEN_REQUEST_DAY = 3;
export const DEFAULT_FORBIDDEN_REQUEST_HOUR = '12:00';

export type ForbiddenRequestInput = {
  /** The period's last date, 'YYYY-MM-DD'. */
  toDate: string;
  /** The period's own date, when set in settings. */
  forbiddenRequestDate: string | null;
  /** The period's own hour 'HH:mm', when set. */
  forbiddenRequestTimeInHour: string | null;
  /** The `forbidden_request_day` setting as stored (text), when present. */
  daySetting?: string | null;
};

export type ForbiddenRequest = { date: string; hour: string };

/** A day of the month from the setting: 1–2 digits, clamped to 1..28 so every month has it; otherwise the default. */
export function forbiddenRequestDay(setting: string | null | undefined): number {
  const text = setting?.trim() ?? '';
  if (!/^[0-9]{1,2}$/.test(text)) return DEFAULT_FORBIDDEN_REQUEST_DAY;
  return Math.min(Math.max(Number(text), 1), 28);
}

const HOUR = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The closing date and hour of a period. */
export function forbiddenRequestOf(p: ForbiddenRequestInput): ForbiddenRequest {
  let date = p.forbiddenRequestDate;
  if (!date) {
    const year = Number(p.toDate.slice(0, 4));
    const month = Number(p.toDate.slice(5, 7)); // 1..12: the next month is index `month` of a 0-based Date month
    const next = new Date(Date.UTC(year, month, forbiddenRequestDay(p.daySetting)));
    date = next.toISOString().slice(0, 10);
  }
  const hour = p.forbiddenRequestTimeInHour && HOUR.test(p.forbiddenRequestTimeInHour) ? p.forbiddenRequestTimeInHour : DEFAULT_FORBIDDEN_REQUEST_HOUR;
  return { date, hour };
}

/**
 * Whether requests for the period's dates are closed at the company-local moment `local` ('YYYY-MM-DD' and 'HH:mm'):
 * from the closing hour of the closing date on.
 */
export function isRequestForbidden(closing: ForbiddenRequest, local: { date: string; time: string }): boolean {
  if (local.date !== closing.date) return local.date > closing.date;
  return local.time >= closing.hour;
}
