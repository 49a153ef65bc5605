import type { GridStatistic } from '@tms/contracts/timesheet-grid';
import { formatCount, formatDays } from '../../../lib/numbers.ts';

export type StatisticItem = { key: keyof GridStatistic; label: string; value: string };

const LABELS: readonly [keyof GridStatistic, string][] = [
  ['total_employee', 'Employees'],
  ['total_violation_employee', 'Employees with violations'],
  ['total_abnormal_days', 'Abnormal days'],
  ['total_late_coming', 'Late coming'],
  ['total_early_leaving', 'Early leaving'],
  ['total_missing_punch', 'Missing check in/out'],
  ['total_edited_cells', 'Edited cells'],
  ['total_workday', 'Total workday'],
];

/** The figures line above the grid (GET …/statistic), in a fixed order. */
export function statisticItems(stat: GridStatistic | undefined): StatisticItem[] {
  if (!stat) return [];
  return LABELS.map(([key, label]) => ({ key, label, value: key === 'total_workday' ? formatDays(stat[key], '0') : formatCount(stat[key], '0') }));
}
