import type { PeriodOption } from '@tms/contracts/lookups';

/**
 * The payroll period the list opens on: the remembered one while it still exists, else the one containing the
 * server's today (the lookup's own flag when today is not known yet), else the latest (spec 001 §2.1, RULES.md §4).
 */
export function pickPeriod(periods: readonly PeriodOption[] | undefined, todayIso: string | undefined, rememberedId: number | null): PeriodOption | undefined {
  const list = periods ?? [];
  if (list.length === 0) return undefined;
  const remembered = rememberedId === null ? undefined : list.find((p) => p.timesheet_id === rememberedId);
  if (remembered) return remembered;
  const current = todayIso ? list.find((p) => p.from_date <= todayIso && todayIso <= p.to_date) : list.find((p) => p.is_current_timesheet);
  if (current) return current;
  return list.reduce((latest, p) => (p.to_date > latest.to_date ? p : latest));
}
