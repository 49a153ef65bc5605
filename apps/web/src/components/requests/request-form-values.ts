import dayjs, { type Dayjs } from 'dayjs';
import { REASON_ANNUAL, type RequestRecord } from '@tms/contracts/requests';
import type { RequestFormValues } from './request-form-rules.ts';

export type RequestModalMode = 'single' | 'batch' | 'onsite';

/** What the Create Request modal opens with: a request to edit, or the mode and first date of a new one. */
export type RequestFormStart = {
  /** The first request date (My Timesheet passes the row's date), YYYY-MM-DD or a Dayjs. */
  initialDate?: string | Dayjs | null;
  /** single (default), batch (HR: several usernames) or onsite (start/end date and shift). */
  mode?: RequestModalMode;
  /** Edit this request instead of creating one. */
  editing?: RequestRecord | null;
};

export function toDayjs(value: string | Dayjs | null | undefined): Dayjs | null {
  if (!value) return null;
  const d = dayjs.isDayjs(value) ? value : dayjs(value);
  return d.isValid() ? d.startOf('day') : null;
}

export function initialValues(props: RequestFormStart): RequestFormValues {
  const r = props.editing;
  if (r) {
    return {
      request_type: r.request_type,
      reason_type: r.reason_type,
      rows: r.request_dates.map((d) => ({
        date: toDayjs(d.request_date),
        duration: d.duration ?? null,
        hour: d.request_minutes != null ? Math.floor(d.request_minutes / 60) : null,
        minute: d.request_minutes != null ? d.request_minutes % 60 : null,
      })),
      start_date: toDayjs(r.start_date),
      end_date: toDayjs(r.end_date),
      start_shift: r.start_shift === 'AFTERNOON' ? 'AFTERNOON' : 'MORNING',
      end_shift: r.end_shift === 'MORNING' ? 'MORNING' : 'AFTERNOON',
      mail_cc: r.mail_cc,
      description: r.description ?? '',
    };
  }
  const date = toDayjs(props.initialDate);
  return {
    request_type: props.mode === 'onsite' ? 'ONSITE' : 'LEAVE_REQUEST',
    request: props.mode === 'onsite' ? undefined : 'TIME_OFF',
    reason_type: props.mode === 'onsite' ? 'ONSITE' : REASON_ANNUAL,
    rows: [{ date, duration: 'FULL_DAY', hour: null, minute: null }],
    start_date: date,
    end_date: date,
    start_shift: 'MORNING',
    end_shift: 'AFTERNOON',
    mail_cc: [],
    description: '',
  };
}
