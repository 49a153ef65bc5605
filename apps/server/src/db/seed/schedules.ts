import type { DbOrTx } from '../client.ts';
import { attendanceCheckConfigs, staffPolicies, workScheduleDays, workSchedules } from '../schema/schedules.ts';
import { createRandom, deriveSeed, DEMO_SEED } from './random.ts';

export const OPEN_END_DATE = '9999-12-30'; // spec 002 §5 Job info: the default end date
export const POLICY_URL = 'https://policy.example.com/attendance';
/** rule_type of a staff policy: day-based (shift credit) or hour-based (absent minutes), RULES.md §4. */
export const RULE_TYPE = { HCM: 'DAY', FLEXIBLE: 'HOUR' } as const;

/**
 * The two schedules of spec 002 §3 (work schedule type FLEXIBLE, HCM). HCM is the default of RULES.md §4:
 * 08:30–17:30, break 12:00–13:00, 8 hours; FLEXIBLE counts 8 hours inside the 07:00–19:00 window.
 */
export async function insertWorkSchedules(db: DbOrTx): Promise<void> {
  const [hcm, flexible] = await db
    .insert(workSchedules)
    .values([
      {
        workScheduleCode: 'HCM', workScheduleType: 'HCM', workScheduleName: 'Office hours 08:30-17:30', workScheduleNameVi: 'Giờ hành chính 08:30-17:30',
        workStartTime: '08:30', workEndTime: '17:30', standardWorkingTime: 480, workingTime: 480, breakTime: 60, lackOfTimeAllowed: 15,
      },
      {
        workScheduleCode: 'FLEXIBLE', workScheduleType: 'FLEXIBLE', workScheduleName: 'Flexible hours 07:00-19:00', workScheduleNameVi: 'Giờ linh hoạt 07:00-19:00',
        workStartTime: '07:00', workEndTime: '19:00', standardWorkingTime: 480, workingTime: 480, breakTime: 60, lackOfTimeAllowed: 30,
      },
    ])
    .returning({ id: workSchedules.id });
  const days = [1, 2, 3, 4, 5, 6, 7];
  await db.insert(workScheduleDays).values([
    ...days.map((day) =>
      day <= 5
        ? { workScheduleId: hcm!.id, day, workingDay: true, startTime: '08:30', endTime: '17:30', breakStart: '12:00', breakEnd: '13:00', workingTime: 480, minimumWorkingTime: 480, continuousWorkingTime: 240, breakTime: 60 }
        : { workScheduleId: hcm!.id, day, workingDay: false },
    ),
    ...days.map((day) =>
      day <= 5
        ? { workScheduleId: flexible!.id, day, workingDay: true, startTime: '07:00', endTime: '19:00', workingTime: 480, minimumWorkingTime: 480, continuousWorkingTime: 300, breakTime: 60 }
        : { workScheduleId: flexible!.id, day, workingDay: false },
    ),
  ]);
}

type PolicyEmployee = { id: number; startWorkingDay: string; workScheduleType: 'HCM' | 'FLEXIBLE' };

/** One open-ended staff policy per employee from the start date (spec 002 §3 Staff policy). */
export function staffPolicyRow(e: PolicyEmployee, createdBy: number | null) {
  const flexible = e.workScheduleType === 'FLEXIBLE';
  return {
    employeeId: e.id,
    workScheduleCode: e.workScheduleType,
    ruleType: RULE_TYPE[e.workScheduleType],
    explanationNumber: 3,
    refundHoursPerExplanation: '1',
    explanationTimePerDays: 1,
    lackOfTimeAllowed: flexible ? 30 : 15,
    otType: flexible ? 'OT_FLEXIBLE' : 'OT_FIXED',
    urlPolicy: POLICY_URL,
    applyDate: e.startWorkingDay,
    expireDate: OPEN_END_DATE,
    workStartTime: flexible ? '07:00' : '08:30',
    workEndTime: flexible ? '19:00' : '17:30',
    createdBy,
  };
}

export async function insertStaffPolicies(db: DbOrTx, list: readonly PolicyEmployee[], createdBy: number | null): Promise<void> {
  await db.insert(staffPolicies).values(list.map((e) => staffPolicyRow(e, createdBy)));
}

export type AttendanceAccount = { employeeId: number; system: 'SPEEDGATE' | 'TMS'; attendanceCheckId: string; startDate: string };

/** Every employee has a SPEEDGATE card; about 10 % also check in through the product itself ('TMS'). */
export function planAttendanceAccounts(
  list: readonly { id: number; index: number; userName: string; name: string; positionTitle: string; startWorkingDay: string }[],
  seed = DEMO_SEED,
) {
  const rng = createRandom(deriveSeed(seed, 2));
  const rows: (typeof attendanceCheckConfigs.$inferInsert)[] = [];
  const accounts = new Map<number, AttendanceAccount[]>();
  for (const e of list) {
    const own: AttendanceAccount[] = [{ employeeId: e.id, system: 'SPEEDGATE', attendanceCheckId: `SG${String(e.index + 1).padStart(5, '0')}`, startDate: e.startWorkingDay }];
    if (rng.chance(0.1)) own.push({ employeeId: e.id, system: 'TMS', attendanceCheckId: e.userName.toUpperCase(), startDate: e.startWorkingDay });
    accounts.set(e.id, own);
    for (const a of own) {
      rows.push({
        employeeId: e.id,
        accountNumber: (a.system === 'SPEEDGATE' ? 100000 : 900000) + e.index + 1,
        attendanceCheckId: a.attendanceCheckId,
        attendanceCheckSystem: a.system,
        attendanceCheckName: e.name,
        position: e.positionTitle,
        startDate: a.startDate,
        endDate: OPEN_END_DATE,
      });
    }
  }
  return { rows, accounts };
}

export async function insertAttendanceConfigs(db: DbOrTx, rows: (typeof attendanceCheckConfigs.$inferInsert)[]): Promise<void> {
  await db.insert(attendanceCheckConfigs).values(rows);
}
