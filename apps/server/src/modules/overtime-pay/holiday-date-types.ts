import type { DbOrTx } from '../../db/client.ts';
import { recordHistories, type HistoryAuthor } from '../../lib/history.ts';
import { dayTypesOf, overtimeRequestsOnCalendarDates, setOvertimeDateTypes } from './day-type.repository.ts';

const OVERTIME_TABLE = 'overtime_requests';

/**
 * After a change of holiday calendar `calendarCode` on `dates` (issue 27 §1), in the change's transaction: the day type
 * of the overtime requests on those dates is read again (RULES.md §6, as when filed), a changed one is written with a
 * history entry, and every such request is returned for its pay to be queued (`queueRecalculation`).
 */
export async function refreshOvertimeDateTypes(tx: DbOrTx, calendarCode: string, dates: readonly string[], by: HistoryAuthor): Promise<number[]> {
  const requests = await overtimeRequestsOnCalendarDates(tx, calendarCode, dates);
  if (requests.length === 0) return [];
  const types = await dayTypesOf(tx, requests.map((r) => ({ employeeId: r.employee_id, date: r.ot_date })));
  const changes = requests.flatMap((r, i) => (types[i] && types[i].dateType !== r.date_type ? [{ id: r.id, from: r.date_type, dateType: types[i].dateType }] : []));
  await setOvertimeDateTypes(tx, changes);
  await recordHistories(
    tx,
    changes.map((c) => ({
      tableName: OVERTIME_TABLE,
      recordId: c.id,
      action: 'UPDATE' as const,
      changes: [{ field: 'date_type', oldValue: c.from, newValue: c.dateType }],
      newRecord: { date_type: c.dateType },
    })),
    by,
  );
  return requests.map((r) => r.id);
}
