import type { GridStatistic } from '@tms/contracts/timesheet-grid';
import { formatCount, formatDays } from '../../../lib/numbers.ts';
import { timesheetTexts, type TimesheetT } from '../i18n/index.ts';

export type StatisticItem = { key: keyof GridStatistic; label: string; value: string };

/** The figures in their fixed order; each is labelled by its key in the catalogue (`statistic.<key>`). */
const KEYS: readonly (keyof GridStatistic)[] = [
  'total_employee',
  'total_violation_employee',
  'total_abnormal_days',
  'total_late_coming',
  'total_early_leaving',
  'total_missing_punch',
  'total_edited_cells',
  'total_workday',
];

/** The figures line above the grid (GET …/statistic), in a fixed order, labelled in the reader's language. */
export function statisticItems(stat: GridStatistic | undefined, t: TimesheetT = timesheetTexts.t): StatisticItem[] {
  if (!stat) return [];
  return KEYS.map((key) => ({ key, label: t(`statistic.${key}`), value: key === 'total_workday' ? formatDays(stat[key], '0') : formatCount(stat[key], '0') }));
}
