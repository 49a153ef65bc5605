import type { OnsiteType } from '@tms/contracts/onsite';
import { ONSITE_CREDIT_ROLE } from '@tms/contracts/requests';
import type { DbOrTx } from '../../db/client.ts';
import { recordHistories, type HistoryRecordEntry } from '../../lib/history.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import type { EmployeeRange } from '../timesheet/recalculate.ts';
import { isAfterLock } from '../request-days/request-rules.ts';
import * as requestRepo from '../request-days/request.repository.ts';
import { scheduleMap } from '../request-days/schedule-days.ts';
import type { Caller } from './onsite-access.ts';
import { rangeDates } from './onsite-form.ts';
import * as repo from './onsite.repository.ts';

/**
 * What the staff rows are written from: the onsite record's stored terms. A pending row is the record's approver's to
 * decide, or at an approval flow's ROLE step anyone of `approver_role`'s (`requests.assignee_role`).
 */
export type CreditSource = Pick<
  repo.OnsiteRowDb,
  'id' | 'title' | 'company_id' | 'from_date' | 'to_date' | 'onsite_type' | 'approver_user_id' | 'approver_role' | 'created_by_user_id' | 'project_id'
>;

/**
 * The staff rows of an onsite record (docs/onsite.md): one ONSITE request per staff member with a `request_dates` row for
 * each working day of the range after the lock date, linked to the record both ways. Written when the record is filed
 * (`status` 1, Request Management lists them as pending) or, for a staff member who has none yet, at the final
 * approval (`status` 3: RULES.md §4 "an approved request covers it (… onsite)"). Answers the ranges to recalculate
 * (the approved ones only: a pending row credits nothing).
 */
export async function createCredits(tx: DbOrTx, row: CreditSource, by: Caller, status: 1 | 3 = 3): Promise<EmployeeRange[]> {
  const lockDate = await getLockDate(tx, row.company_id);
  const dates = rangeDates(row.from_date, row.to_date).filter((d) => isAfterLock(d, lockDate));
  const staff = await repo.staffOf(tx, row.id);
  const ranges: EmployeeRange[] = [];
  const histories: HistoryRecordEntry[] = [];
  const type = row.onsite_type as OnsiteType;
  for (const s of staff) {
    if (s.request_id !== null) continue;
    const schedule = await scheduleMap(tx, s.employee_id, dates);
    const credit: requestRepo.NewDate[] = [];
    let minutes = 0;
    let hourBased = type === 'OTHER';
    for (const d of dates) {
      const day = schedule.get(d);
      if (!day || !day.working) continue;
      hourBased ||= day.hourBased;
      const covered = type === 'OTHER' ? Math.round(s.duration * 60) : type === 'FULL_DAY' ? day.standardMinutes : day.standardMinutes / 2;
      minutes += covered;
      credit.push({
        date: d,
        shift: type === 'OTHER' ? null : type,
        minutes: type === 'OTHER' ? covered : null,
        startTime: type === 'OTHER' ? s.start_time : null,
        endTime: type === 'OTHER' ? s.end_time : null,
        hours: Math.round((covered / 60) * 1000) / 1000,
      });
    }
    if (credit.length === 0) continue;
    const first = credit[0]!;
    const last = credit[credit.length - 1]!;
    const created = await requestRepo.insertRequest(tx, {
      employeeId: s.employee_id,
      requestType: 'ONSITE',
      reasonType: 'ONSITE',
      startDate: first.date,
      endDate: last.date,
      startShift: type === 'OTHER' ? null : type === 'AFTERNOON' ? 'AFTERNOON' : 'MORNING',
      endShift: type === 'OTHER' ? null : type === 'MORNING' ? 'MORNING' : 'AFTERNOON',
      quantityInHours: Math.round((minutes / 60) * 10000) / 10000,
      quantityInMinutes: Math.round(minutes),
      description: `Onsite #${row.id}: ${row.title}`.slice(0, 1000),
      status,
      assigneeUserId: row.approver_user_id,
      approvedByUserId: status === 3 ? by.userId : null,
      createdByUserId: row.created_by_user_id ?? by.userId,
      // The onsite record owns the row: Request Management's actions on it go to the onsite service (request-status.service.ts).
      createdByRole: ONSITE_CREDIT_ROLE,
      projectId: row.project_id,
      leavingType: null,
      isFlexible: hourBased,
    });
    await requestRepo.writeDatesAndCc(tx, created.id, s.employee_id, credit, null);
    await repo.setStaffRequest(tx, s.id, created.id, status === 1 ? row.approver_role : null);
    histories.push({
      tableName: 'requests',
      recordId: created.id,
      employeeId: s.employee_id,
      action: 'CREATE',
      changes: [{ field: 'status', oldValue: null, newValue: status }],
      newRecord: { request_type: 'ONSITE', reason_type: 'ONSITE', status, onsite_request_id: row.id, start_date: first.date, end_date: last.date, request_dates: credit },
    });
    if (status === 3) ranges.push({ employeeId: s.employee_id, from: first.date, to: last.date });
  }
  await recordHistories(tx, histories, by);
  return ranges;
}

/** History of staff rows that moved with their onsite record, about each staff member. */
async function movedHistory(tx: DbOrTx, onsiteId: number, moved: readonly repo.MovedRequest[], to: number, by: Caller, reason: { field: string; value: string } | null) {
  await recordHistories(
    tx,
    moved.map((m) => ({
      tableName: 'requests',
      recordId: m.id,
      employeeId: m.employee_id,
      action: 'STATUS' as const,
      changes: [{ field: 'status', oldValue: m.old_status, newValue: to }, ...(reason ? [{ field: reason.field, oldValue: null, newValue: reason.value }] : [])],
      newRecord: { id: m.id, status: to, version: m.version, onsite_request_id: onsiteId },
    })),
    by,
  );
}

/**
 * The record's final decision reaches its staff rows in the same transaction: approved (both stages) or rejected
 * (either stage) — the pending rows take that status. Answers the approved ranges to recalculate.
 */
export async function settleStaffRequests(tx: DbOrTx, row: CreditSource, by: Caller, to: 3 | 4, reason: string | null): Promise<EmployeeRange[]> {
  const moved = await repo.moveStaffRequests(tx, row.id, [1], to, to === 3 ? { approvedBy: by.userId } : { rejection: reason });
  await movedHistory(tx, row.id, moved, to, by, to === 4 && reason ? { field: 'reasons_for_rejection', value: reason } : null);
  if (to === 4) return [];
  // A record filed before its staff rows were written at filing has none pending: its credit is written now.
  const created = await createCredits(tx, row, by, 3);
  return [...moved.map((m) => ({ employeeId: m.employee_id, from: m.start_date, to: m.end_date })), ...created];
}

/** Withdraws the staff rows of a record (pending or approved); answers the approved ranges to recalculate. */
export async function withdrawCreditsOf(tx: DbOrTx, onsiteId: number, by: Caller, reason: string | null): Promise<EmployeeRange[]> {
  const moved = await repo.moveStaffRequests(tx, onsiteId, [1, 3], 5, { withdrawReason: reason });
  await movedHistory(tx, onsiteId, moved, 5, by, reason ? { field: 'withdraw_reason', value: reason } : null);
  return moved.filter((m) => m.old_status === 3).map((m) => ({ employeeId: m.employee_id, from: m.start_date, to: m.end_date }));
}
