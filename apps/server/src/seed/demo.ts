import type { DbOrTx } from '../db/client.ts';
import { companyToday } from '../lib/dates.ts';
import { insertHolidayCalendars, vnHolidaySet } from './holidays.ts';
import { bonusLeaveUses, insertBonusLeave, planBonusLeave } from './leave.ts';
import type { PlannedCarryover, PlannedLeaveUse } from './leave-history.ts';
import type { HistoryAuthor } from '../lib/history.ts';
import { seedLeaveAccrualDemo, type LeaveAccrualDemo } from './leave-accrual.ts';
import { insertOrg, planOrg } from './org.ts';
import { insertProjectLeave, planProjectLeave } from './project-leave.ts';
import { insertPeriods, planPeriods } from './periods.ts';
import { insertPunches, planPunches } from './punches.ts';
import { insertSettings, insertWorkTypesAndNotations } from './reference.ts';
import { insertAttendanceConfigs, insertStaffPolicies, insertWorkSchedules, planAttendanceAccounts } from './schedules.ts';
import { pickCardChange, seedAdministrationDemo, type AdministrationDemo } from './administration.ts';
import { DEMO_SEED } from './random.ts';
import { seedOvertimeDemo, type OvertimeDemo } from './overtime.ts';
import { seedDelegationDemo, type DelegationDemo } from './delegation.ts';
import { seedAttendanceDevicesDemo, type AttendanceDevicesDemo } from './attendance-devices.ts';

export const DEMO_PASSWORD = 'Passw0rd!';

export type DemoSummary = {
  today: string;
  employees: number;
  periods: { name: string; fromDate: string; toDate: string; workingDays: number; status: number }[];
  bonusLeaveRows: number;
  projectLeaveRows: number;
  leaveAccrual: Omit<LeaveAccrualDemo, 'history'>;
  /** The past leave taken and carried once the demo periods are accrued (prepare.ts → leave-history.ts), by `hr`. */
  leaveHistory: { financialYear: number; uses: PlannedLeaveUse[]; carryovers: PlannedCarryover[]; by: HistoryAuthor };
  attendanceAccounts: number;
  punches: number;
  administration: AdministrationDemo;
  overtime: OvertimeDemo;
  delegation: DelegationDemo;
  attendanceDevices: AttendanceDevicesDemo;
};

/** Configuration every installation starts with, demo or not: settings, holiday calendars, schedules, notations. */
export async function seedReferenceData(db: DbOrTx, timeZone: string): Promise<void> {
  await insertSettings(db, timeZone);
  await insertHolidayCalendars(db);
  await insertWorkSchedules(db);
  await insertWorkTypesAndNotations(db);
}

/**
 * The demo company of RULES.md §2 on an empty database (call inside the caller's transaction). Everything comes
 * from a fixed seed; dates are relative to `now` in the company time zone, so one day always gives the same data.
 */
export async function seedDemo(db: DbOrTx, opts: { timeZone: string; passwordHash: string; now: Date }): Promise<DemoSummary> {
  const { now } = opts;
  const today = companyToday(opts.timeZone, now);
  const holidays = vnHolidaySet();

  await seedReferenceData(db, opts.timeZone);
  const orgPlan = planOrg(today);
  const org = await insertOrg(db, orgPlan, opts.passwordHash);
  const hr = org.byUserName.get('hr')!;

  await insertStaffPolicies(db, org.employees, hr.userId);
  const periods = planPeriods(today, holidays);
  const cardChange = pickCardChange(org.employees, periods[0]!.fromDate);
  const { rows: accountRows, accounts } = planAttendanceAccounts(org.employees, DEMO_SEED, { cardChange: cardChange ? { employeeId: cardChange.employee.id, on: cardChange.on } : undefined });
  await insertAttendanceConfigs(db, accountRows);

  await insertPeriods(db, org.companyId, periods);

  const bonus = planBonusLeave(org.employees, today);
  await insertBonusLeave(db, bonus, { userId: hr.userId, username: hr.userName, name: hr.name });
  const projectLeave = planProjectLeave(org.employees, orgPlan.projects, today);
  await insertProjectLeave(db, projectLeave, { userId: hr.userId, username: hr.userName, name: hr.name });
  const byHr = { userId: hr.userId, username: hr.userName, name: hr.name };
  const { history: leaveHistory, ...leaveAccrual } = await seedLeaveAccrualDemo(db, { employees: org.employees, periods, today, by: byHr });

  const staffMember = org.employees.find((e) => e.userName === 'staff');
  const punches = planPunches({
    employees: org.employees,
    accounts,
    fromDate: periods[0]!.fromDate,
    today,
    now,
    timeZone: opts.timeZone,
    holidays,
    lateOnLastDays: staffMember ? { employeeId: staffMember.id, days: 2 } : undefined,
  });
  await insertPunches(db, punches);
  // Issue 10 (administration): schedules, department policy, leaver, unmapped punches, onsite requests, logs.
  const administration = await seedAdministrationDemo(db, { org, plan: orgPlan, periods, today, now, timeZone: opts.timeZone, cardChange });
  // Issue 11 (overtime): OT types, fixed and flexible requests in every state, past approved OT with punches.
  const overtime = await seedOvertimeDemo(db, { org, plan: orgPlan, periods, today, now, timeZone: opts.timeZone });
  // Issue 12 (delegation): a past delegation and one in force, so the list and the routing have something to show.
  const delegation = await seedDelegationDemo(db, { org, today, now });
  // Issue 13 (attendance devices): registered ADMS devices, so the devices page and the device script work at once.
  const attendanceDevices = await seedAttendanceDevicesDemo(db, { org, timeZone: opts.timeZone });

  return {
    today,
    employees: org.employees.length,
    periods: periods.map(({ name, fromDate, toDate, workingDays, status }) => ({ name, fromDate, toDate, workingDays, status })),
    bonusLeaveRows: bonus.length,
    projectLeaveRows: projectLeave.length,
    leaveAccrual,
    leaveHistory: { ...leaveHistory, uses: [...leaveHistory.uses, ...bonusLeaveUses(bonus)], by: byHr },
    attendanceAccounts: accountRows.length,
    punches: punches.length,
    administration,
    overtime,
    delegation,
    attendanceDevices,
  };
}
