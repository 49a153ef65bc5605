import { isWeekendIso } from '@tms/contracts/api';
import type { SQL } from 'drizzle-orm';
import { TIMESHEET_MODIFY_MESSAGES as M, type ModifyBody } from '@tms/contracts/timesheet-modify';
import { TIMESHEET_EDITABLE_STATUSES } from '@tms/contracts/timesheet-review';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { toDmy } from '../../lib/dates.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { employeeFilterSql, fromModifyFilter } from '../timesheet/employee-filter.repository.ts';
import { getLockDate, lockPeriodContaining } from '../payroll-periods/payroll-periods.service.ts';
import * as repo from './timesheet-modify.repository.ts';

/**
 * HR Modify Cell, Row and Column (spec 001 §2.1, §5.1, §7.1, §8; RULES.md §4). The rules are checked in this order,
 * each with its status: the period containing from_date (400), to_date in the same period (400), the lock date
 * (409), the period's status (409, read under the period's row lock), a weekend column (400), the employee (404),
 * a cell's day with a value (400: not in the future nor outside the employee's working period, RULES.md §4; a row or
 * column skips such days), something to edit (400). All of it runs in one transaction, so a refused edit writes
 * nothing.
 */
export function timesheetModifyService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function modify(user: SessionUser, body: ModifyBody): Promise<{ updated: number }> {
    const type = body.type;
    const from = body.from_date;
    // A cell and a column are one day (spec 001 §7.1: the column sends from_date = to_date); a row is a range.
    const to = type === 'row' ? (body.to_date ?? body.from_date) : body.from_date;
    const employee = type === 'column' ? null : body.employee!;

    return db.transaction(async (tx) => {
      const companyId = await repo.companyOf(tx, [employee, user.employeeId]);
      const period = await lockPeriodContaining(tx, from, { companyId });
      if (!period) throw badRequest(M.dateOutsidePeriod);
      if (to > period.to_date) throw badRequest(M.dateOutsidePeriod);
      const lock = await getLockDate(tx, companyId);
      if (lock !== null && from <= lock) throw new AppError(409, M.locked(toDmy(lock)!));
      if (!(TIMESHEET_EDITABLE_STATUSES as readonly number[]).includes(period.status)) throw new AppError(409, M.notEditable);
      if (type === 'column' && isWeekendIso(from)) throw badRequest(M.weekendColumn);
      const today = clock.today();
      if (employee !== null) {
        const employment = await repo.findEmployment(tx, employee);
        if (!employment) throw notFound(M.employeeNotFound);
        const outside = from > today || from < employment.start_working_day || (employment.last_working_day !== null && from > employment.last_working_day);
        if (type === 'cell' && outside) throw badRequest(M.dayNotModifiable);
      }

      // Column: the grid's employees of the period (the same filter as the list, spec 001 §7.1), of its company.
      const employees: SQL =
        employee !== null
          ? repo.oneEmployee(employee)
          : employeeFilterSql(fromModifyFilter(body.filter), period);
      await repo.lockEmployees(tx, employees);
      const result = await repo.applyEdit(tx, {
        employees,
        from,
        to,
        abnormalOnly: type !== 'cell' && body.abnormal_only === true,
        today,
        value: body.value,
        comment: body.comment,
        type,
        by: user,
      });
      // Nothing matched, so nothing was written; the error ends the transaction all the same.
      if (result.overrides === 0) throw badRequest(M.noData);
      return { updated: result.overrides };
    });
  }

  return { modify };
}

export type TimesheetModifyService = ReturnType<typeof timesheetModifyService>;
