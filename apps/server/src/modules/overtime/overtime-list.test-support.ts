import { overtimeRequests, overtimeRequestStaff } from '../../db/schema/overtime.ts';
import { projectMembers, projects } from '../../db/schema/organisation.ts';
import { payrollPeriods } from '../../db/schema/periods.ts';
import { dayjs } from '../../lib/dates.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertStaffPolicies, insertWeekdaySchedule } from '../../test/schedules.ts';
import type { Json } from '../../test/json-body.ts';

export type { Json };

/**
 * The overtime list tests' company: Thursday 05/11/2026 10:00 (company time), lock date 25/10/2026 (T10-2026
 * approved), T11-2026 (26/10 … 25/11) open; HCM 08:30–17:30 for everyone but staff3 (FLEXIBLE 07:00–19:00).
 * pm manages P1 (staff, staff4); `other` manages P2 (staff2, staff3).
 */
export const NOW = '2026-11-05T10:00:00+07:00';
export const LOCK = '2026-10-25';


export async function overtimeApp(): Promise<TestApp & { p2: number }> {
  const t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00' });
  await insertWeekdaySchedule(t.db, { code: 'FLEXIBLE', start: '07:00', end: '19:00' });
  await insertStaffPolicies(t.db, 'staff3');
  await approvePeriodEnding(t.db, t.fixture.companyId, '2026-09-26', LOCK);
  await t.db.insert(payrollPeriods).values({ companyId: t.fixture.companyId, name: 'T11-2026', fromDate: '2026-10-26', toDate: '2026-11-25', workingDays: 21, status: 0 });
  const [p2] = await t.db.insert(projects).values({ projectCode: 'P2', projectName: 'Dự án Hai', pmEmployeeId: t.fixture.employeeIds.other! }).returning({ id: projects.id });
  await t.db.insert(projectMembers).values([
    { projectId: p2!.id, employeeId: t.fixture.employeeIds.staff2! },
    { projectId: p2!.id, employeeId: t.fixture.employeeIds.staff3! },
  ]);
  return Object.assign(t, { p2: p2!.id });
}

export type OtSeed = {
  kind: 'FIXED' | 'FLEXIBLE';
  title: string;
  projectId: number;
  date: string;
  start?: string;
  end?: string;
  endDate?: string;
  otType?: string;
  status?: number | null;
  creator: string;
  assignee?: string | null;
  pm?: string | null;
  manager?: string | null;
  source?: 'FORM' | 'IMPORT';
  staff: { username: string; status?: number; actual?: number; confirm?: number }[];
};

/** Inserts one overtime request as the write side would have stored it (times company-local). */
export async function insertOvertime(t: TestApp, s: OtSeed): Promise<number> {
  const uid = (u: string | null | undefined) => (u ? t.fixture.userIds[u]! : null);
  const tz = t.clock.timeZone;
  const start = `${s.date} ${s.start ?? '18:00'}`;
  const end = `${s.endDate ?? s.date} ${s.end ?? '21:00'}`;
  const instant = (local: string) => dayjs.tz(local, 'YYYY-MM-DD HH:mm', tz).toDate();
  const [row] = await t.db
    .insert(overtimeRequests)
    .values({
      kind: s.kind,
      title: s.title,
      projectId: s.projectId,
      otDate: s.date,
      startAt: instant(start),
      endAt: instant(end),
      otType: s.otType ?? (s.kind === 'FIXED' ? 'OT_AT_OFFICE' : 'OT_FLEXIBLE'),
      dateType: 'WORKDAY',
      source: s.source ?? 'FORM',
      status: s.kind === 'FLEXIBLE' ? (s.status ?? 0) : null,
      assigneeUserId: uid(s.assignee),
      pmUserId: uid(s.pm),
      managerUserId: uid(s.manager),
      createdByUserId: uid(s.creator),
    })
    .returning({ id: overtimeRequests.id });
  await t.db.insert(overtimeRequestStaff).values(
    s.staff.map((st) => ({
      overtimeRequestId: row!.id,
      employeeId: t.fixture.employeeIds[st.username]!,
      status: st.status ?? 1,
      approverUserId: uid(s.assignee),
      totalTimeActual: st.actual === undefined ? null : String(st.actual),
      totalTimeConfirm: st.confirm === undefined ? null : String(st.confirm),
    })),
  );
  return row!.id;
}
