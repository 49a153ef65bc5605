import { overtimeRequests, overtimeRequestStaff } from '../../db/schema/overtime.ts';
import type { TestApp } from '../../test/harness.ts';

/** Set-up shared by the pay core's and the OT report's tests: overtime written directly, no form rules. */

/** A company-local 'YYYY-MM-DD HH:mm' (+07:00) as an instant. */
export const at = (local: string) => new Date(`${local.replace(' ', 'T')}:00+07:00`);

/** One request on the fixture's project; `status` is the flexible index (a fixed request stores none). */
export async function insertOvertime(
  t: TestApp,
  r: { kind: 'FIXED' | 'FLEXIBLE'; start: string; end: string; staff: { employeeId: number; status: number }[]; status: number; otType?: string; offset?: boolean; createdByUserId?: number },
): Promise<number> {
  const [req] = await t.db
    .insert(overtimeRequests)
    .values({
      kind: r.kind,
      title: 'OT',
      projectId: t.fixture.projectId,
      otDate: r.start.slice(0, 10),
      startAt: at(r.start),
      endAt: at(r.end),
      otType: r.otType ?? (r.kind === 'FIXED' ? 'OT_AT_OFFICE' : 'OT_FLEXIBLE'),
      dateType: 'WORKDAY',
      status: r.kind === 'FLEXIBLE' ? r.status : null,
      isOtPaidByOffsetDay: r.offset ?? false,
      createdByUserId: r.createdByUserId,
    })
    .returning();
  await t.db.insert(overtimeRequestStaff).values(r.staff.map((s) => ({ overtimeRequestId: req!.id, employeeId: s.employeeId, status: s.status })));
  return req!.id;
}

