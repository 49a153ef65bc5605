import type { PeriodWorkingDays } from '@tms/contracts/holidays';
import { notifyInfo } from '../../../../lib/notify.ts';
import { settingsTexts } from '../../i18n/index.ts';

/** After a holiday change: the open payroll periods whose working days it moved (RULES.md §4), as a notice. */
export function notifyPeriods(periods: readonly PeriodWorkingDays[]): void {
  if (periods.length === 0) return;
  const t = settingsTexts.t;
  notifyInfo([
    t('holidays.periods'),
    ...periods.map((p) => t('holidays.periodChanged', { name: p.name, company: p.company_name, previous: p.previous, days: p.working_days })),
  ]);
}
