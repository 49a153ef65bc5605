import { defaultPolicyTerms, OPEN_END_DATE } from '../modules/work-schedules/policy-defaults.ts';
import type { DbOrTx } from '../db/client.ts';
import { attendanceCheckConfigs, staffPolicies, workScheduleDays, workSchedules } from '../db/schema/schedules.ts';
import { plusDays } from './calendar.ts';
import { createRandom, deriveSeed, DEMO_SEED } from './random.ts';

// The default end date (spec 002 §5 Job info) and policy terms have one owner, shared with a new employee's first policy.
export { OPEN_END_DATE, POLICY_URL } from '../modules/work-schedules/policy-defaults.ts';
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
    ...defaultPolicyTerms(e.workScheduleType),
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

/** The SPEEDGATE card id of the demo employee with that plan index (SG00001 …). */
export const speedgateCardId = (index: number) => `SG${String(index + 1).padStart(5, '0')}`;
/** The replacement card of an employee whose first card was changed (SG50001 …). */
export const replacementCardId = (index: number) => `SG5${String(index + 1).padStart(4, '0')}`;

/**
 * Every employee has a SPEEDGATE card; about 10 % also check in through the product itself ('TMS'). A leaver's
 * accounts end on their last working day. `cardChange`: that employee's first card was replaced on `on` (a lost
 * card): the first mapping ends the day before, the new card is mapped from that day, and it is the one they punch with.
 */
export function planAttendanceAccounts(
  list: readonly { id: number; index: number; userName: string; name: string; positionTitle: string; startWorkingDay: string; lastWorkingDay?: string | null }[],
  seed = DEMO_SEED,
  opts: { cardChange?: { employeeId: number; on: string } } = {},
) {
  const rng = createRandom(deriveSeed(seed, 2));
  const rows: (typeof attendanceCheckConfigs.$inferInsert)[] = [];
  const accounts = new Map<number, AttendanceAccount[]>();
  for (const e of list) {
    const endDate = e.lastWorkingDay ?? OPEN_END_DATE;
    const row = (a: AttendanceAccount, accountNumber: number, end: string) => ({
      employeeId: e.id,
      accountNumber,
      attendanceCheckId: a.attendanceCheckId,
      attendanceCheckSystem: a.system,
      attendanceCheckName: e.name,
      position: e.positionTitle,
      startDate: a.startDate,
      endDate: end,
    });
    const card: AttendanceAccount = { employeeId: e.id, system: 'SPEEDGATE', attendanceCheckId: speedgateCardId(e.index), startDate: e.startWorkingDay };
    const own: AttendanceAccount[] = [card];
    if (rng.chance(0.1)) own.push({ employeeId: e.id, system: 'TMS', attendanceCheckId: e.userName.toUpperCase(), startDate: e.startWorkingDay });
    const change = opts.cardChange?.employeeId === e.id && opts.cardChange.on > e.startWorkingDay ? opts.cardChange.on : null;
    if (change) {
      const replacement: AttendanceAccount = { employeeId: e.id, system: 'SPEEDGATE', attendanceCheckId: replacementCardId(e.index), startDate: change };
      rows.push(row(card, 100000 + e.index + 1, plusDays(change, -1)), row(replacement, 500000 + e.index + 1, endDate));
      own[0] = replacement;
    } else {
      rows.push(row(card, 100000 + e.index + 1, endDate));
    }
    for (const a of own) if (a.system === 'TMS') rows.push(row(a, 900000 + e.index + 1, endDate));
    accounts.set(e.id, own);
  }
  return { rows, accounts };
}

export async function insertAttendanceConfigs(db: DbOrTx, rows: (typeof attendanceCheckConfigs.$inferInsert)[]): Promise<void> {
  await db.insert(attendanceCheckConfigs).values(rows);
}
