import type { SessionUser } from '../../plugins/auth.ts';
import * as repo from './abnormal-case.repository.ts';

/** The fields of an explanation request its history compares. */
export const HISTORY_FIELDS = ['status', 'assignee_user_id', 'title', 'actual', 'description', 'reason_detail', 'absent_type', 'reason_type', 'reasons_for_rejection'] as const;

/** The STATUS history entry of the case's explanation request moving to `to` (extra changed fields and record values). */
export function requestStatusHistory(
  row: repo.CaseRow,
  requestId: number,
  to: number,
  user: SessionUser,
  x: { version: number; changes?: { field: string; oldValue: unknown; newValue: unknown }[]; record?: Record<string, unknown> },
) {
  return {
    tableName: repo.REQUESTS_TABLE,
    recordId: requestId,
    employeeId: row.employee_id,
    action: 'STATUS' as const,
    changes: [{ field: 'status', oldValue: row.request_status, newValue: to }, ...(x.changes ?? [])],
    newRecord: { id: requestId, status: to, version: x.version, ...x.record },
    by: user,
  };
}

/** The STATUS history entry of the abnormal case moving to `to`. */
export function caseHistory(row: repo.CaseRow, to: number, version: number, user: SessionUser) {
  return {
    tableName: repo.ABNORMAL_TABLE,
    recordId: row.id,
    employeeId: row.employee_id,
    action: 'STATUS' as const,
    changes: [{ field: 'status', oldValue: row.status, newValue: to }],
    newRecord: { id: row.id, employee_id: row.employee_id, abnormal_date: row.abnormal_date, reason: row.reason, status: to, version },
    by: user,
  };
}
