import { isIsoDateText } from '@tms/contracts/api';
import {
  ONSITE_EXPORT_COLUMNS,
  ONSITE_EXPORT_HEADERS_VI,
  ONSITE_STAGE_LETTER,
  ONSITE_STATUS_TEXT,
  ONSITE_TYPE_LABELS,
  type OnsiteDetail,
  type OnsiteListQuery,
  type OnsiteRow,
  type OnsiteType,
} from '@tms/contracts/onsite';
import type { ApprovalTimeline } from '@tms/contracts/approval-flows';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { toDmy } from '../../lib/dates.ts';
import { cellLabel, localizedColumns } from '../../lib/file-headers.ts';
import { listHistory, type HistoryEntryDto } from '../../lib/history.ts';
import { contextsOf, loadVisible, viewerOf, type Caller } from './onsite-access.ts';
import { toFile, toRow } from './onsite-view.ts';
import { onsiteTimeline } from './onsite-steps.ts';
import * as repo from './onsite.repository.ts';

type ReadDeps = { db: Db; clock: Clock };
const EXPORT_CHUNK = 1000;

const filterOf = (q: OnsiteListQuery): repo.OnsiteFilter => ({
  title: q.title,
  projectIds: q.projectId,
  statuses: q.status,
  fromDate: q.fromDate && isIsoDateText(q.fromDate) ? q.fromDate : undefined,
  toDate: q.toDate && isIsoDateText(q.toDate) ? q.toDate : undefined,
  employeeIds: q.employee,
});

export async function listOnsite({ db, clock }: ReadDeps, user: Caller, q: OnsiteListQuery): Promise<{ data: OnsiteRow[]; page: { page: number; size: number; total_element: number } }> {
  const { rows, total } = await repo.listOnsite(db, viewerOf(user), filterOf(q), { limit: q.size, offset: (q.page - 1) * q.size });
  const ctxOf = contextsOf(clock, user);
  const data: OnsiteRow[] = [];
  for (const r of rows) data.push(toRow(r, await ctxOf(db, r.company_id)));
  return { data, page: { page: q.page, size: q.size, total_element: total } };
}

export async function onsiteDetail({ db, clock }: ReadDeps, user: Caller, id: number): Promise<OnsiteDetail> {
  const row = await loadVisible(db, user, id);
  const ctx = await contextsOf(clock, user)(db, row.company_id);
  const cc = await repo.ccOf(db, id);
  const files = await repo.listFiles(db, id);
  return { ...toRow(row, ctx), cc: cc.map((c) => ({ id: c.id, name: c.name, user_name: c.username })), files: files.map(toFile) };
}

export async function onsiteHistoryOf({ db, clock }: ReadDeps, user: Caller, id: number): Promise<HistoryEntryDto[]> {
  await loadVisible(db, user, id);
  return listHistory(db, repo.ONSITE_TABLE, id, clock.timeZone);
}

/** The Department stage's approval timeline (approval flows): whoever sees the record; 404 otherwise. */
export async function onsiteTimelineOf({ db }: Pick<ReadDeps, 'db'>, user: Caller, id: number): Promise<ApprovalTimeline> {
  return onsiteTimeline(db, await loadVisible(db, user, id));
}

/** Headed in the requester's language. */
export const onsiteExportColumns = () => localizedColumns(ONSITE_EXPORT_COLUMNS, ONSITE_EXPORT_HEADERS_VI);

function exportRecord(r: repo.OnsiteRowDb): Record<string, string> {
  return {
    title: r.title,
    project: `${r.project_name} (${r.project_code})`,
    from: toDmy(r.from_date) ?? r.from_date,
    to: toDmy(r.to_date) ?? r.to_date,
    type: cellLabel(ONSITE_TYPE_LABELS[r.onsite_type as OnsiteType] ?? r.onsite_type),
    location: r.location ?? '',
    approver: r.approver_name ?? '',
    createdBy: r.creator_name ?? '',
    department: ONSITE_STAGE_LETTER[r.status_department] ?? '',
    cb: ONSITE_STAGE_LETTER[r.status_cb] ?? '',
    status: cellLabel(ONSITE_STATUS_TEXT[r.status] ?? String(r.status)),
    staff: r.staff.map((s) => `${s.name} (${s.user_name}) ${s.startTime}-${s.endTime} ${s.duration}h`).join('; '),
  };
}

/** The export's rows (same filters and scope as the list), fetched in chunks. */
export async function onsiteExportRows({ db }: Pick<ReadDeps, 'db'>, user: Caller, q: OnsiteListQuery): Promise<AsyncIterable<Record<string, string>>> {
  const viewer = viewerOf(user);
  const filter = filterOf(q);
  const fetch = async (offset: number) => (await repo.listOnsite(db, viewer, filter, { limit: EXPORT_CHUNK, offset })).rows;
  const first = await fetch(0);
  return (async function* () {
    let rows = first;
    let offset = 0;
    for (;;) {
      yield* rows.map(exportRecord);
      if (rows.length < EXPORT_CHUNK) return;
      offset += EXPORT_CHUNK;
      rows = await fetch(offset);
      if (rows.length === 0) return;
    }
  })();
}
