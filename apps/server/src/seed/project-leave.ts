import { inArray } from 'drizzle-orm';
import { PROJECT_LEAVE_FOLDER } from '@tms/contracts/project-leave';
import type { DbOrTx } from '../db/client.ts';
import { projects } from '../db/schema/organisation.ts';
import { leaveFundRowFiles } from '../db/schema/leave.ts';
import { toDmy } from '../lib/dates.ts';
import { diffFields, recordHistories } from '../lib/history.ts';
import { CONTENT_TYPES, storeFile, type UploadedFile } from '../lib/uploads.ts';
import { grantFundRows, useLeave } from '../modules/leave/leave.service.ts';
import { FUND_TYPE } from '../modules/leave/leave.types.ts';
import { isWeekendIso } from '@tms/contracts/api';
import { eachDay, plusDays } from './calendar.ts';
import { createRandom, deriveSeed, DEMO_SEED } from './random.ts';

export type ProjectLeaveAttachment = { fileName: string; extension: 'pdf' | 'png' | 'txt' };

export type ProjectLeavePlan = {
  employeeId: number;
  userName: string;
  projectCode: string;
  /** Days, up to 3 decimals. */
  days: number;
  applyDate: string;
  expireDate: string;
  kind: 'active' | 'used' | 'future' | 'expired';
  use?: { days: number; date: string };
  attachments: ProjectLeaveAttachment[];
};

const DAYS = [0.5, 1, 1, 1.5, 2, 2, 3, 2.5, 0.125, 5];
const ATTACHMENTS: readonly ProjectLeaveAttachment[] = [
  { fileName: 'Customer approval.pdf', extension: 'pdf' },
  { fileName: 'Go-live sign-off.pdf', extension: 'pdf' },
  { fileName: 'Overtime summary.txt', extension: 'txt' },
  { fileName: 'Release board.png', extension: 'png' },
];
const PROJECT_LEAVE_EMPLOYEES = 15;

/**
 * Project leave for about 15 members of the demo projects (`staff` on the first project among them): most active,
 * some partly used, a few starting later, exactly one expired; some with one or two small attachments.
 */
export function planProjectLeave(
  employees: readonly { id: number; userName: string; roles: readonly string[]; startWorkingDay: string }[],
  projectPlans: readonly { code: string; memberUserNames: readonly string[] }[],
  today: string,
  seed = DEMO_SEED,
): ProjectLeavePlan[] {
  const rng = createRandom(deriveSeed(seed, 6));
  const byUserName = new Map(employees.map((e) => [e.userName, e]));
  // Only people employed before the oldest possible grant, so no grant predates its holder.
  const longEnough = plusDays(today, -200);
  const pairs: { userName: string; projectCode: string }[] = [];
  const seen = new Set<string>();
  const add = (userName: string, projectCode: string) => {
    const e = byUserName.get(userName);
    if (!e || seen.has(userName) || e.roles.includes('GUEST') || e.startWorkingDay > longEnough) return;
    seen.add(userName);
    pairs.push({ userName, projectCode });
  };
  const withStaff = projectPlans.find((p) => p.memberUserNames.includes('staff'));
  if (withStaff) add('staff', withStaff.code);
  const pool = rng.shuffle(projectPlans.flatMap((p) => p.memberUserNames.map((userName) => ({ userName, projectCode: p.code }))));
  for (const pair of pool) {
    if (pairs.length >= PROJECT_LEAVE_EMPLOYEES) break;
    add(pair.userName, pair.projectCode);
  }

  return pairs.map(({ userName, projectCode }, i): ProjectLeavePlan => {
    const employee = byUserName.get(userName)!;
    // staff: one partly used row, so its detail shows every figure; the last person: the expired row.
    const kind: ProjectLeavePlan['kind'] = i === 0 ? 'used' : i === pairs.length - 1 ? 'expired' : rng.pick(['active', 'active', 'used', 'future'] as const);
    const days = rng.pick(DAYS);
    let applyDate: string;
    let expireDate: string;
    if (kind === 'expired') {
      applyDate = plusDays(today, -rng.int(120, 180));
      expireDate = plusDays(today, -rng.int(3, 30));
    } else if (kind === 'future') {
      applyDate = plusDays(today, rng.int(3, 20));
      expireDate = plusDays(applyDate, rng.int(60, 200));
    } else {
      applyDate = plusDays(today, -rng.int(20, 150));
      expireDate = plusDays(today, rng.int(30, 240));
    }
    let use: ProjectLeavePlan['use'];
    if (kind === 'used' || kind === 'expired') {
      const last = expireDate < today ? expireDate : plusDays(today, -1);
      const weekdays = eachDay(applyDate, last).filter((d) => !isWeekendIso(d));
      use = { days: Math.min(0.5, days), date: weekdays.length ? rng.pick(weekdays) : applyDate };
    }
    const fileCount = i === 0 ? 2 : rng.chance(0.4) ? rng.int(1, 2) : 0;
    const attachments = rng.shuffle([...ATTACHMENTS]).slice(0, fileCount);
    return { employeeId: employee.id, userName, projectCode, days, applyDate, expireDate, kind, use, attachments };
  });
}

/** A small file whose leading bytes match its extension (RULES.md §1), as an upload. */
function demoFile(a: ProjectLeaveAttachment, userName: string): UploadedFile {
  const text = `${a.fileName} for ${userName} (demo data)\n`;
  const buffer =
    a.extension === 'pdf'
      ? Buffer.from(`%PDF-1.4\n% ${text}%%EOF\n`, 'utf8')
      : a.extension === 'png'
        ? Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(text, 'utf8')])
        : Buffer.from(text, 'utf8');
  return { fileName: a.fileName, extension: a.extension, buffer, contentType: CONTENT_TYPES[a.extension]!, size: buffer.length };
}

/**
 * Fund rows and their GRANT entries through the leave core, the planned uses (`useLeave` on project leave, source
 * `demo:project-leave:<row>`), attachments stored in the `ProjectLeave` folder and linked, and one CREATE history
 * entry each in the shape the project-leave service writes. Written as `by` (hr).
 */
export async function insertProjectLeave(db: DbOrTx, plans: readonly ProjectLeavePlan[], by: { userId: number; username: string; name: string }): Promise<void> {
  if (!plans.length) return;
  const codes = [...new Set(plans.map((p) => p.projectCode))];
  const projectRows = await db.select({ id: projects.id, code: projects.projectCode }).from(projects).where(inArray(projects.projectCode, codes));
  const projectIds = new Map(projectRows.map((p) => [p.code, p.id]));
  const rows = await grantFundRows(
    db,
    plans.map((p) => ({ employeeId: p.employeeId, fundType: FUND_TYPE.project, hours: p.days, applyDate: p.applyDate, expireDate: p.expireDate, projectId: projectIds.get(p.projectCode)! })),
    by.userId,
  );
  const entries = [];
  for (const [i, row] of rows.entries()) {
    const p = plans[i]!;
    if (p.use) {
      const used = await useLeave(db, { employeeId: p.employeeId, hours: p.use.days, date: p.use.date, sourceId: `demo:project-leave:${row.id}`, fundTypes: [FUND_TYPE.project], byUserId: by.userId });
      if (!used.ok) throw new Error(`demo project leave use failed for ${p.userName}`);
    }
    for (const a of p.attachments) {
      const stored = await storeFile(db, demoFile(a, p.userName), { folder: PROJECT_LEAVE_FOLDER, ownerTable: 'leave_fund_rows', ownerId: row.id, createdBy: by.userId });
      await db.insert(leaveFundRowFiles).values({ fundRowId: row.id, storedFileId: stored.id });
    }
    const record = {
      id: row.id,
      employeeId: p.employeeId,
      username: p.userName,
      projectId: projectIds.get(p.projectCode)!,
      projectCode: p.projectCode,
      leaveDay: p.days,
      applyDate: toDmy(p.applyDate),
      expireDate: toDmy(p.expireDate),
      attachFiles: p.attachments.map((a) => a.fileName),
      version: row.version,
    };
    entries.push({
      tableName: 'leave_fund_rows',
      recordId: row.id,
      employeeId: p.employeeId,
      action: 'CREATE' as const,
      changes: diffFields(null, record, ['projectCode', 'leaveDay', 'applyDate', 'expireDate', 'attachFiles']),
      newRecord: record,
    });
  }
  // RULES.md §8: every grant has its CREATE entry.
  await recordHistories(db, entries, by);
}
