import type { Dayjs } from 'dayjs';
import { DATE_ISO } from '@tms/contracts/api';
import type { PeriodCreate } from '@tms/contracts/settings';

/** The "Create payroll period" form: a date range and, optionally, the standard working days. */
export type PeriodFormValues = { range?: [Dayjs | null, Dayjs | null] | null; working_days?: number | null };

export function toPeriodBody(v: PeriodFormValues): PeriodCreate {
  const [from, to] = v.range ?? [null, null];
  return {
    from_date: from ? from.format(DATE_ISO) : null,
    to_date: to ? to.format(DATE_ISO) : null,
    working_days: v.working_days === undefined || v.working_days === null ? null : v.working_days,
  };
}
