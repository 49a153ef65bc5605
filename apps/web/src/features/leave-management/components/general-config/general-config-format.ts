import { formatCount, formatDays } from '../../../../lib/numbers.ts';

/** Condition/Month is a percent of the period's working days (spec 000 §5 "shown as a percent"). */
export function formatPercent(value: number | null | undefined): string {
  const text = formatCount(value);
  return text === '' ? '' : `${text}%`;
}

/** Years of seniority: at most 2 decimals, no trailing zeros (5, 2.5), written like a day value. */
export function formatYears(value: number | null | undefined): string {
  return formatDays(value);
}

