import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.ts';
import { plusDays } from './calendar.ts';
import type { SeededEmployee, SeededOrg } from './org.ts';

export type DelegationDemo = { delegations: number };

/** Departments without any demo account (org.ts DEMO_PEOPLE), so no test or journey meets these delegations. */
const QUIET_DEPARTMENTS = { pastDelegator: 'DX-MOB', delegator: 'ES-DATA', members: 'ES-CLOUD' } as const;
const DEMO_USERS = new Set(['admin', 'hr', 'hrm', 'dl', 'gl', 'pm', 'staff', 'guest']);

/**
 * Demo data of Delegation Management (issue 12; docs/delegation.md), chosen so that it never changes who receives an
 * item the demo accounts, the tests or the journeys create:
 * - a past delegation by gl: two Web Development colleagues (not staff, not gl) → a Mobile Development engineer, for
 *   ranges that ended about four months ago (locked dates: nothing new can be filed there);
 * - one in force, created by hr: two Cloud Infrastructure engineers → a Data & AI engineer, from a week ago to a month
 *   ahead; nobody of those departments is a demo account;
 * - one in force, created by hr: a third Cloud Infrastructure engineer → `guest`, from tomorrow to a month ahead. A guest
 *   acts only as an assignee and nobody may hand them an item (RULES.md §5), so this is how the demo's guest gets the
 *   pending request they can approve (filed by seed/requests.ts).
 * Members and delegators are active, not department leads, and have enabled users (every seeded employee has one).
 */
export async function seedDelegationDemo(db: DbOrTx, opts: { org: SeededOrg; today: string; now: Date }): Promise<DelegationDemo> {
  const { org, today, now } = opts;
  const leads = new Set(
    (await queryRows<{ id: number }>(db, sql`select lead_employee_id as id from departments where lead_employee_id is not null`)).map((r) => r.id),
  );
  const plain = (code: string) =>
    org.employees.filter((e) => e.departmentCode === code && e.employeeStatus === 'Active' && !DEMO_USERS.has(e.userName) && !leads.has(e.id)).sort((a, b) => a.index - b.index);
  const web = plain('DX-WEB');
  const mobile = plain(QUIET_DEPARTMENTS.pastDelegator);
  const data = plain(QUIET_DEPARTMENTS.delegator);
  const cloud = plain(QUIET_DEPARTMENTS.members);
  const gl = org.byUserName.get('gl');
  const hr = org.byUserName.get('hr');
  const guest = org.byUserName.get('guest');
  if (web.length < 2 || !mobile[0] || !data[0] || cloud.length < 2 || !gl || !hr) return { delegations: 0 };

  const plans: { delegator: SeededEmployee; creator: SeededEmployee; members: { staff: SeededEmployee; from: string; to: string }[] }[] = [
    {
      delegator: mobile[0],
      creator: gl,
      members: [
        { staff: web[0]!, from: plusDays(today, -130), to: plusDays(today, -120) },
        { staff: web[1]!, from: plusDays(today, -130), to: plusDays(today, -126) },
        { staff: web[1]!, from: plusDays(today, -118), to: plusDays(today, -116) },
      ],
    },
    {
      delegator: data[0],
      creator: hr,
      members: [
        { staff: cloud[0]!, from: plusDays(today, -7), to: plusDays(today, 30) },
        { staff: cloud[1]!, from: plusDays(today, -7), to: plusDays(today, 30) },
      ],
    },
  ];
  if (guest && cloud[2]) plans.push({ delegator: guest, creator: hr, members: [{ staff: cloud[2], from: plusDays(today, 1), to: plusDays(today, 30) }] });
  const at = now.toISOString();
  for (const p of plans) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into delegations (delegator_employee_id, creator_user_id, flag, created_at, updated_at)
          values (${p.delegator.id}, ${p.creator.userId}, true, ${at}::timestamptz, ${at}::timestamptz) returning id`,
    );
    for (const m of p.members) {
      await queryRows(db, sql`insert into delegation_members (delegation_id, staff_employee_id, from_date, to_date) values (${row!.id}, ${m.staff.id}, ${m.from}::date, ${m.to}::date)`);
    }
  }
  return { delegations: plans.length };
}
