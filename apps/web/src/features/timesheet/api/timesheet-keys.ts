import type { QueryClient } from '@tanstack/react-query';
import type { Query } from '../../../lib/api-client.ts';
import { myTimesheetKeys } from '../my-timesheet/api/get-my-timesheet.ts';

/**
 * Query keys of the Timesheet page under one root, so an edit (cell, row, column) or a toolbar action marks the
 * grid, its statistic, the day totals and the timesheet info stale together.
 */
export const timesheetKeys = {
  all: ['timesheet'] as const,
  info: (timesheetId: number) => [...timesheetKeys.all, 'info', timesheetId] as const,
  grids: () => [...timesheetKeys.all, 'grid'] as const,
  grid: (query: Query) => [...timesheetKeys.grids(), query] as const,
  statistic: (timesheetId: number, query: Query) => [...timesheetKeys.all, 'statistic', timesheetId, query] as const,
  dayTotal: (date: string, query: Query) => [...timesheetKeys.all, 'day-total', date, query] as const,
  notes: () => [...timesheetKeys.all, 'notes'] as const,
  ruleValues: () => [...timesheetKeys.all, 'rule-values'] as const,
};

/** Reference lists of the page that data changes do not touch. */
const REFERENCE_PARTS: readonly unknown[] = ['notes', 'rule-values'];

/**
 * Marks every timesheet data query stale (grid, statistic, day totals, info) and the employee details the Timesheet
 * Detail drawer shows (My Timesheet's keys), not the reference lists.
 */
export async function invalidateTimesheetData(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: timesheetKeys.all, predicate: (query) => !REFERENCE_PARTS.includes(query.queryKey[1]) }),
    client.invalidateQueries({ queryKey: myTimesheetKeys.all }),
  ]);
}
