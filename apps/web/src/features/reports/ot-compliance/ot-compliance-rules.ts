import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { Query } from '../../../lib/api-client.ts';

/** The Overtime compliance report's filter as the form holds it (issue 27 §2). */
export type OtComplianceFormValues = {
  months?: [Dayjs, Dayjs] | null;
  divisions?: number[];
  departments?: number[];
  users?: number[];
  onlyAtRisk?: boolean;
};

/** The page starts on the calendar year so far: January to this month (the yearly limit is per calendar year). */
export function yearSoFar(today: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [today.startOf('year'), today.startOf('month')];
}

/** The query of a filter (months YYYY-MM, lists joined by commas), or undefined without months. */
export function complianceQueryOf(v: OtComplianceFormValues | undefined): Query | undefined {
  if (!v?.months?.[0] || !v.months[1]) return undefined;
  const join = (list: readonly number[] | undefined) => (list?.length ? list.join(',') : undefined);
  return {
    fromMonth: v.months[0].format('YYYY-MM'),
    toMonth: v.months[1].format('YYYY-MM'),
    divisions: join(v.divisions),
    departments: join(v.departments),
    users: join(v.users),
    onlyAtRisk: v.onlyAtRisk ? 'true' : undefined,
  };
}

/** MM/YYYY of a YYYY-MM month (dates are shown day first, RULES.md §1). */
export const monthText = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** A share of a limit as a percentage with no decimals. */
export const shareText = (share: number) => `${Math.round(share * 100)}%`;
