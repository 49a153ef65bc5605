import { describe, expect, it } from 'vitest';
import { statisticItems } from './statistic-items.ts';

describe('statisticItems', () => {
  it('lists the figures in order, the workday total to two decimals', () => {
    const items = statisticItems({
      total_employee: 150,
      total_violation_employee: 12,
      total_abnormal_days: 30,
      total_late_coming: 9,
      total_early_leaving: 4,
      total_missing_punch: 3,
      total_edited_cells: 2,
      total_workday: 3250.456,
    });
    expect(items.map((i) => `${i.label}: ${i.value}`)).toEqual([
      'Employees: 150',
      'Employees with violations: 12',
      'Abnormal days: 30',
      'Late coming: 9',
      'Early leaving: 4',
      'Missing check in/out: 3',
      'Edited cells: 2',
      'Total workday: 3250.46',
    ]);
  });

  it('is empty until loaded', () => {
    expect(statisticItems(undefined)).toEqual([]);
  });
});
