import { formatCount } from '../../../../lib/numbers.ts';

/** Condition/Month is a percent of the period's working days (spec 000 §5 "shown as a percent"). */
export function formatPercent(value: number | null | undefined): string {
  const text = formatCount(value);
  return text === '' ? '' : `${text}%`;
}

/** Years of seniority: at most 2 decimals, no trailing zeros (5, 2.5). */
export function formatYears(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(Math.round(value * 100) / 100) : '';
}

