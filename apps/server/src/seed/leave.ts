import type { DbOrTx } from '../db/client.ts';
import { leaveFundRows, leaveLedger } from '../db/schema/leave.ts';
import { history } from '../db/schema/platform.ts';
import { toDmy } from '../lib/dates.ts';
import { diffFields } from '../lib/history.ts';
import { isWeekendIso } from '@tms/contracts/api';
import { eachDay, plusDays } from './calendar.ts';
import { createRandom, deriveSeed, DEMO_SEED } from './random.ts';
import type { PlannedLeaveUse } from './leave-history.ts';

export type BonusLeavePlan = {
  employeeId: number;
  userName: string;
  amount: string;
  applyDate: string;
  expireDate: string;
  description: string;
  kind: 'active' | 'used' | 'expired';
  use?: { amount: string; date: string };
};

const AMOUNTS = [4, 8, 8, 12, 16, 16, 24, 3.5, 6.25, 20, 40];
const DESCRIPTIONS = [
  'Thưởng dự án Atlas go-live',
  'Bonus for Tết on-call support',
  'Employee of the quarter',
  'Compensation for weekend deployment',
  'Thưởng sáng kiến cải tiến quy trình',
  'Hackathon winner',
  'Long service award',
  'Customer appreciation award',
];
const BONUS_EMPLOYEES = 40;

/**
 * Bonus leave (`prioritize_leave`, RULES.md §7) for about 40 employees, `staff` among them: half active, a quarter
 * active with a leave taken while they were usable, a quarter expired (some with a leave taken before they expired).
 * The leave is taken through the allocation (leave-history.ts), so it draws on whatever row comes first then — a
 * default or seniority row expiring earlier before the bonus row.
 */
export function planBonusLeave(
  list: readonly { id: number; userName: string; roles: readonly string[]; startWorkingDay: string }[],
  today: string,
  seed = DEMO_SEED,
): BonusLeavePlan[] {
  const rng = createRandom(deriveSeed(seed, 4));
  const staff = list.find((e) => e.userName === 'staff');
  // Only people employed before the oldest possible grant (545 days back), so no grant predates its holder.
  const longEnough = plusDays(today, -550);
  const pool = rng.shuffle(list.filter((e) => e.userName !== 'staff' && !e.roles.includes('GUEST') && e.startWorkingDay <= longEnough));
  const chosen = [...(staff ? [staff] : []), ...pool].slice(0, BONUS_EMPLOYEES);
  const plans: BonusLeavePlan[] = [];
  for (const [i, e] of chosen.entries()) {
    const rows = i === 0 || rng.chance(0.12) ? 2 : 1;
    for (let r = 0; r < rows; r++) {
      const draw = rng.next();
      const kind = i === 0 ? (r === 0 ? 'used' : 'active') : draw < 0.5 ? 'active' : draw < 0.75 ? 'used' : 'expired';
      const amount = rng.pick(AMOUNTS);
      let applyDate: string;
      let expireDate: string;
      if (kind === 'expired') {
        expireDate = plusDays(today, -rng.int(1, 180));
        applyDate = plusDays(expireDate, -rng.int(90, 365));
      } else {
        applyDate = plusDays(today, -rng.int(5, 200));
        expireDate = plusDays(today, rng.int(15, 300));
      }
      const usedToo = kind === 'used' || (kind === 'expired' && rng.chance(0.3));
      let use: BonusLeavePlan['use'];
      if (usedToo) {
        const last = expireDate < today ? expireDate : plusDays(today, -1);
        const weekdays = eachDay(applyDate, last).filter((d) => !isWeekendIso(d));
        const date = weekdays.length ? rng.pick(weekdays) : applyDate;
        use = { amount: Math.min(rng.pick([2, 4, 4, 8]), Math.floor(amount) / 2).toFixed(2), date };
      }
      plans.push({ employeeId: e.id, userName: e.userName, amount: amount.toFixed(2), applyDate, expireDate, description: rng.pick(DESCRIPTIONS), kind, use });
    }
  }
  return plans;
}

/** The leave the bonus plans take, for the allocation to draw (leave-history.ts). */
export function bonusLeaveUses(plans: readonly BonusLeavePlan[]): PlannedLeaveUse[] {
  return plans.flatMap((p, i) => (p.use ? [{ employeeId: p.employeeId, hours: Number(p.use.amount), date: p.use.date, sourceId: `demo:leave-use:bonus-${i}` }] : []));
}

/** Fund rows, their GRANT entries and one CREATE history entry each, written as `hr` (the uses come later). */
export async function insertBonusLeave(db: DbOrTx, plans: readonly BonusLeavePlan[], by: { userId: number; username: string; name: string }): Promise<void> {
  if (!plans.length) return;
  const created = (d: string) => new Date(`${d}T02:00:00Z`); // 09:00 in Vietnam on the apply date
  const rows = await db
    .insert(leaveFundRows)
    .values(
      plans.map((p) => ({
        employeeId: p.employeeId,
        fundType: 'prioritize_leave' as const,
        amount: p.amount,
        applyDate: p.applyDate,
        expireDate: p.expireDate,
        description: p.description,
        financialYear: Number(p.applyDate.slice(0, 4)),
        createdBy: by.userId,
        modifiedBy: by.userId,
        createdAt: created(p.applyDate),
        modifiedAt: created(p.applyDate),
      })),
    )
    .returning();
  await db.insert(leaveLedger).values(
    rows.flatMap((row, i) => {
      const p = plans[i]!;
      return [{ employeeId: row.employeeId, fundRowId: row.id, amount: p.amount, cause: 'GRANT' as const, entryDate: p.applyDate, createdBy: by.userId }];
    }),
  );
  // RULES.md §8: every grant has its CREATE entry, in the shape the bonus-leave service writes (form values, DD/MM/YYYY).
  await db.insert(history).values(
    rows.map((row, i) => {
      const record = {
        id: row.id,
        employeeId: row.employeeId,
        username: plans[i]!.userName,
        leaveHour: Number(plans[i]!.amount),
        applyDate: toDmy(row.applyDate),
        expireDate: toDmy(row.expireDate),
        description: row.description,
        version: row.version,
      };
      return {
        tableName: 'leave_fund_rows',
        recordId: row.id,
        employeeId: row.employeeId,
        action: 'CREATE' as const,
        changes: diffFields(null, record, ['leaveHour', 'applyDate', 'expireDate', 'description']),
        newRecord: record,
        createdByUserId: by.userId,
        createdByUsername: by.username,
        createdByName: by.name,
        createdAt: row.createdAt,
      };
    }),
  );
}
