import { sql, type SQL } from 'drizzle-orm';
import { TIMESHEET_MODIFY_MESSAGES as M, type ModifyBody } from '@tms/contracts/timesheet-modify';
import { TIMESHEET_EDITABLE_STATUSES } from '@tms/contracts/timesheet-review';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { toDmy } from '../../lib/dates.ts';
import { getLockDate } from '../../lib/lock-date.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { employeeFilterSql, fromModifyFilter } from '../timesheet-grid/grid-filter.ts';
import * as repo from './timesheet-modify.repository.ts';

const isWeekend = (date: string) => {
  const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
  return wd === 0 || wd === 6;
};

/**
 * HR Modify Cell, Row and Column (spec 001 §2.1, §5.1, §7.1, §8; RULES.md §4). The rules are checked in this order,
 * each with its status: the period containing from_date (400), to_date in the same period (400), the lock date
 * (409), the period's status (409, read under the period's row lock), a weekend column (400), the employee (404),
 * something to edit (400). All of it runs in one transaction, so a refused edit writes nothing.
 */
export function timesheetModifyService(deps: { db: Db }) {
  const { db } = deps;

  async function modify(user: SessionUser, body: ModifyBody): Promise<{ updated: number }> {
    const type = body.type;
    const from = body.from_date;
    // A cell and a column are one day (spec 001 §7.1: the column sends from_date = to_date); a row is a range.
    const to = type === 'row' ? (body.to_date ?? body.from_date) : body.from_date;
    const employee = type === 'column' ? null : body.employee!;

    return db.transaction(async (tx) => {
      const companyId = await repo.companyOf(tx, [employee, user.employeeId]);
      const period = await repo.lockPeriodContaining(tx, from, companyId);
      if (!period) throw badRequest(M.dateOutsidePeriod);
      if (to > period.to_date) throw badRequest(M.dateOutsidePeriod);
      const lock = await getLockDate(tx);
      if (lock !== null && from <= lock) throw new AppError(409, M.locked(toDmy(lock)!));
      if (!(TIMESHEET_EDITABLE_STATUSES as readonly number[]).includes(period.status)) throw new AppError(409, M.notEditable);
      if (type === 'column' && isWeekend(from)) throw badRequest(M.weekendColumn);
      if (employee !== null && !(await repo.employeeExists(tx, employee))) throw notFound(M.employeeNotFound);

      // Column: the grid's employees of the period (the same filter as the list, spec 001 §7.1), of its company.
      const employees: SQL =
        employee !== null
          ? sql`e.id = ${employee}`
          : employeeFilterSql(fromModifyFilter(body.filter), period);
      await repo.lockEmployees(tx, employees);
      const result = await repo.applyEdit(tx, {
        employees,
        from,
        to,
        abnormalOnly: type !== 'cell' && body.abnormal_only === true,
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
