import { requestCc, requestDates, requests } from '../../db/schema/requests.ts';
import type { TestApp } from '../../test/harness.ts';

/** A request row as the write side would have left it, for the read side's tests (list, files, export). */
export type SeedRequest = {
  username: string;
  date: string;
  endDate?: string;
  status?: number;
  requestType?: string;
  reasonType?: string;
  /** Assignee username; default gl; null for none. */
  assignee?: string | null;
  createdBy?: string;
  projectId?: number | null;
  description?: string | null;
  shift?: 'FULL_DAY' | 'MORNING' | 'AFTERNOON';
  cc?: string[];
  createdByRole?: string | null;
  createdAt?: string;
};

export async function seedRequest(t: TestApp, r: SeedRequest): Promise<number> {
  const employeeId = t.fixture.employeeIds[r.username]!;
  const assignee = r.assignee === undefined ? 'gl' : r.assignee;
  const assigneeId = assignee === null ? null : t.fixture.userIds[assignee]!;
  const shift = r.shift ?? 'FULL_DAY';
  const hours = shift === 'FULL_DAY' ? 8 : 4;
  const [row] = await t.db
    .insert(requests)
    .values({
      employeeId,
      requestType: r.requestType ?? 'LEAVE_REQUEST',
      reasonType: r.reasonType ?? 'ANN_LEAVE_CORP',
      startDate: r.date,
      endDate: r.endDate ?? r.date,
      startShift: shift === 'AFTERNOON' ? 'AFTERNOON' : 'MORNING',
      endShift: shift === 'MORNING' ? 'MORNING' : 'AFTERNOON',
      quantityInHours: String(hours),
      quantityInMinutes: hours * 60,
      description: r.description ?? null,
      status: r.status ?? 1,
      assigneeUserId: assigneeId,
      originalAssigneeUserId: assigneeId,
      createdByUserId: t.fixture.userIds[r.createdBy ?? r.username]!,
      createdByRole: r.createdByRole ?? null,
      projectId: r.projectId ?? null,
      createdAt: new Date(r.createdAt ?? '2026-11-20T03:00:00Z'),
    })
    .returning({ id: requests.id });
  const id = row!.id;
  await t.db.insert(requestDates).values({ requestId: id, employeeId, date: r.date, shift, hours: String(hours) });
  if (r.cc?.length) await t.db.insert(requestCc).values(r.cc.map((u) => ({ requestId: id, employeeId: t.fixture.employeeIds[u]! })));
  return id;
}
