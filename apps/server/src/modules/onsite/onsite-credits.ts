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
 * The credit (RULES.md §4 "an approved request covers it (… onsite)"): one approved ONSITE request per staff member
 * with a `request_dates` row for each working day of the range after the lock date. Answers the ranges to recalculate.
 */
export async function createCredits(tx: DbOrTx, row: repo.OnsiteRowDb, by: Caller): Promise<EmployeeRange[]> {
  const lockDate = await getLockDate(tx, row.company_id);
  const dates = rangeDates(row.from_date, row.to_date).filter((d) => isAfterLock(d, lockDate));
  const staff = await repo.staffOf(tx, row.id);
  const ranges: EmployeeRange[] = [];
  const histories: HistoryRecordEntry[] = [];
  const type = row.onsite_type as OnsiteType;
  for (const s of staff) {
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
      status: 3,
      assigneeUserId: row.approver_user_id,
      approvedByUserId: by.userId,
      createdByUserId: row.created_by_user_id ?? by.userId,
      // The onsite request owns the credit: Request Management refuses every action on it (request-rules.ts).
      createdByRole: ONSITE_CREDIT_ROLE,
      projectId: row.project_id,
      leavingType: null,
      isFlexible: hourBased,
    });
    await requestRepo.writeDatesAndCc(tx, created.id, s.employee_id, credit, null);
    await repo.setStaffRequest(tx, s.id, created.id);
    histories.push({
      tableName: 'requests',
      recordId: created.id,
      employeeId: s.employee_id,
      action: 'CREATE',
      changes: [{ field: 'status', oldValue: null, newValue: 3 }],
      newRecord: { request_type: 'ONSITE', reason_type: 'ONSITE', status: 3, onsite_request_id: row.id, start_date: first.date, end_date: last.date, request_dates: credit },
    });
    ranges.push({ employeeId: s.employee_id, from: first.date, to: last.date });
  }
  await recordHistories(tx, histories, by);
  return ranges;
}

/** Withdraws the credits of a request (after approval, or before an approved request is re-credited). */
export async function withdrawCreditsOf(tx: DbOrTx, onsiteId: number, by: Caller, reason: string | null): Promise<EmployeeRange[]> {
  const staff = await repo.staffOf(tx, onsiteId);
  const moved = await repo.withdrawCredits(tx, staff.map((s) => s.request_id).filter((x): x is number => x !== null), reason);
  await recordHistories(
    tx,
    moved.map((m) => ({
      tableName: 'requests',
      recordId: m.id,
      employeeId: m.employee_id,
      action: 'STATUS' as const,
      changes: [{ field: 'status', oldValue: 3, newValue: 5 }],
      newRecord: { id: m.id, status: 5, version: m.version, onsite_request_id: onsiteId },
    })),
    by,
  );
  await repo.clearStaffRequests(tx, onsiteId);
  return moved.map((m) => ({ employeeId: m.employee_id, from: m.start_date, to: m.end_date }));
}
