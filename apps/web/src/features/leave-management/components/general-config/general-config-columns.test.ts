import { describe, expect, it } from 'vitest';
import { GENERAL_CONFIG_COLUMNS } from '@tms/contracts/general-config';
import { generalConfigColumns } from './general-config-columns.tsx';
import { formatPercent, formatYears } from './general-config-format.ts';

const handlers = { onHistory: () => undefined, onEdit: () => undefined, onRemove: () => undefined };

describe('general configuration columns (spec 000 §2, §3)', () => {
  const columns = generalConfigColumns({ page: 2, size: 10, ...handlers });

  it('shows the spec’s fields with their titles, then the status tag and the row actions', () => {
    expect(columns.map((c) => c.title)).toEqual([
      'No.',
      'Seniority hours',
      'extra-for-loyalty (years)',
      'Condition/Month',
      'Annual hour(s)/month',
      'Advance payment leave',
      'Date applied',
      'Date expired',
      'Status',
      'Action',
    ]);
    expect(GENERAL_CONFIG_COLUMNS.seniorityLeaveYear).toBe('extra-for-loyalty (years)');
  });

  it('numbers rows across pages', () => {
    const no = columns[0] as { render: (v: unknown, r: unknown, i: number) => number };
    expect(no.render(undefined, {}, 0)).toBe(11);
  });

  it('writes hours with 2 decimals and the condition as a percent', () => {
    const render = (key: string, value: number) => (columns.find((c) => c.key === key) as { render: (v: number) => string }).render(value);
    expect(render('seniorityLeaveHour', 8)).toBe('8.00');
    expect(render('leaveHourInMonth', 12.5)).toBe('12.50');
    expect(render('conditionalMonth', 80)).toBe('80%');
    expect(render('seniorityLeaveYear', 2.5)).toBe('2.5');
    expect(render('advanceLeave', 2)).toBe('2');
  });

  it('formats missing values as empty', () => {
    expect(formatPercent(null)).toBe('');
    expect(formatYears(undefined)).toBe('');
  });
});
