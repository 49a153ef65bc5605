import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { employeeNameContains, foldedContains, intArray } from '../../db/sql-fragments.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { overtimeVisibleSql } from './overtime-scope.repository.ts';

/**
 * SQL of the overtime list page (spec 001 §2.4, §6): one statement per page for each kind (the staff list aggregated
 * as JSON, no N+1) and one count. Scope RULES.md §3 (`overtimeVisibleSql`); the staff view (spec 001 §6, users
 * without the management view) narrows to requests where the caller is staff or creator. Expired is derived from
 * `lockDate` (the caller's company) in SQL so the status filter sees what the page shows.
 */

export type OvertimeListFilter = {
  keyword?: string;
  projectIds?: number[];
  statuses?: number[];
  fromDate?: string;
  toDate?: string;
  employeeIds?: number[];
  otType?: string;
  /** These requests only (a writer reading back the rows it changed, for their webhook events). */
  ids?: number[];
};

export type OvertimeListContext = { user: SessionUser; staffView: boolean; lockDate: string | null; timeZone: string };

const shownFixed = (alias: string, lockDate: string | null) =>
  sql`(case when ${sql.raw(alias)}.status = 1 and ${lockDate}::date is not null and o.ot_date <= ${lockDate}::date then 10 else ${sql.raw(alias)}.status end)`;
const shownFlexible = (lockDate: string | null) =>
  sql`(case when o.status in (0, 1, 3) and ${lockDate}::date is not null and o.ot_date <= ${lockDate}::date then 7 else o.status end)`;

function whereSql(kind: 'FIXED' | 'FLEXIBLE', f: OvertimeListFilter, ctx: OvertimeListContext): SQL {
  const parts: SQL[] = [sql`o.kind = ${kind}`, overtimeVisibleSql(ctx.user, 'o')];
  if (ctx.staffView) {
    parts.push(
      sql`(o.created_by_user_id = ${ctx.user.userId} or exists (select 1 from overtime_request_staff vs2 where vs2.overtime_request_id = o.id and vs2.employee_id = ${ctx.user.employeeId ?? -1}))`,
    );
  }
  const k = f.keyword?.trim();
  if (k) {
    parts.push(sql`(${foldedContains(sql`o.title`, k)} or exists (select 1 from overtime_request_staff ks join employees ke on ke.id = ks.employee_id
      where ks.overtime_request_id = o.id and ${employeeNameContains(k, sql`ke`)}))`);
  }
  if (f.projectIds && f.projectIds.length > 0) parts.push(sql`o.project_id = any(${intArray(f.projectIds)})`);
  if (f.fromDate) parts.push(sql`o.ot_date >= ${f.fromDate}::date`);
  if (f.toDate) parts.push(sql`o.ot_date <= ${f.toDate}::date`);
  if (f.otType) parts.push(sql`o.ot_type = ${f.otType}`);
  if (f.ids) parts.push(sql`o.id = any(${intArray(f.ids)})`);
  if (f.employeeIds && f.employeeIds.length > 0) {
    parts.push(sql`exists (select 1 from overtime_request_staff fs where fs.overtime_request_id = o.id and fs.employee_id = any(${intArray(f.employeeIds)}))`);
  }
  if (f.statuses && f.statuses.length > 0) {
    parts.push(
      kind === 'FIXED'
        ? sql`exists (select 1 from overtime_request_staff ss where ss.overtime_request_id = o.id and ${shownFixed('ss', ctx.lockDate)} = any(${intArray(f.statuses)}))`
        : sql`${shownFlexible(ctx.lockDate)} = any(${intArray(f.statuses)})`,
    );
  }
  return sql.join(parts, sql` and `);
}

type Person = { id: number; name: string; user_name: string } | null;
const personJson = (u: string, e: string) =>
  sql.raw(`case when ${u}.id is null then null else json_build_object('id', ${u}.id, 'name', coalesce(${e}.name, ${u}.username), 'user_name', ${u}.username) end`);

export type FixedListRowDb = {
  id: number;
  title: string;
  project_id: number;
  project_name: string;
  project_code: string;
  ot_date: string;
  start_time: string;
  end_time: string;
  ot_type: string;
  approver: Person;
  created_by: Person;
  is_ot_paid_by_offset_day: boolean;
  source: string;
  version: number;
  staff: { employeeId: number; name: string; user_name: string; status: number }[];
};

export type FlexibleListRowDb = {
  id: number;
  title: string;
  project_id: number;
  project_name: string;
  project_code: string;
  ot_date: string;
  date_type: string;
  start_hm: string;
  end_hm: string;
  ot_type: string;
  staff: Person;
  total_time_actual: number | null;
  total_time_confirm: number | null;
  pm: Person;
  manager: Person;
  status: number;
  version: number;
  /** Issue 29: the manager stage's step while confirmed in an approval flow. */
  approval_step: { step: number; count: number; flow_name: string } | null;
};

type Page = { limit: number; offset: number };

async function countOf(db: DbOrTx, where: SQL): Promise<number> {
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from overtime_requests o where ${where}`);
  return count?.n ?? 0;
}

/**
 * The page's ids in the list's order (newest OT date first, id breaking ties: overtime_requests_kind_date_idx read
 * backwards), chosen before anything is joined, so the people and the staff JSON are built for the page's rows only —
 * not for every row skipped on the way to a deep page (issue 23: page 51 built 1,020 staff lists for 20 rows).
 */
const pageIds = (where: SQL, page: Page) => sql`(
  select o.id from overtime_requests o where ${where} order by o.ot_date desc, o.id desc limit ${page.limit} offset ${page.offset}) pg`;

export async function listFixed(db: DbOrTx, f: OvertimeListFilter, ctx: OvertimeListContext, page: Page): Promise<{ rows: FixedListRowDb[]; total: number }> {
  const where = whereSql('FIXED', f, ctx);
  const tz = ctx.timeZone;
  const rows = await queryRows<FixedListRowDb>(
    db,
    sql`select o.id, o.title, o.project_id, p.project_name, p.project_code, o.ot_date::text as ot_date,
               to_char(o.start_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') as start_time,
               to_char(o.end_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') as end_time,
               o.ot_type, ${personJson('au', 'ae')} as approver, ${personJson('cu', 'ce')} as created_by,
               o.is_ot_paid_by_offset_day, o.source, o.version,
               (select coalesce(json_agg(json_build_object('employeeId', e.id, 'name', e.name, 'user_name', e.user_name, 'status', ${shownFixed('s', ctx.lockDate)})
                        order by e.name, s.id), '[]'::json)
                  from overtime_request_staff s join employees e on e.id = s.employee_id where s.overtime_request_id = o.id) as staff
          from ${pageIds(where, page)}
          join overtime_requests o on o.id = pg.id
          join projects p on p.id = o.project_id
          left join users au on au.id = o.assignee_user_id left join employees ae on ae.id = au.employee_id
          left join users cu on cu.id = o.created_by_user_id left join employees ce on ce.id = cu.employee_id
         order by o.ot_date desc, o.id desc`,
  );
  return { rows, total: await countOf(db, where) };
}

export async function listFlexible(db: DbOrTx, f: OvertimeListFilter, ctx: OvertimeListContext, page: Page): Promise<{ rows: FlexibleListRowDb[]; total: number }> {
  const where = whereSql('FLEXIBLE', f, ctx);
  const tz = ctx.timeZone;
  const rows = await queryRows<FlexibleListRowDb>(
    db,
    sql`select o.id, o.title, o.project_id, p.project_name, p.project_code, o.ot_date::text as ot_date, o.date_type,
               to_char(o.start_at at time zone ${tz}, 'HH24:MI') as start_hm, to_char(o.end_at at time zone ${tz}, 'HH24:MI') as end_hm,
               o.ot_type,
               case when se.id is null then null else json_build_object('id', se.id, 'name', se.name, 'user_name', se.user_name) end as staff,
               s.total_time_actual::float8 as total_time_actual, s.total_time_confirm::float8 as total_time_confirm,
               ${personJson('pu', 'pe')} as pm, ${personJson('mu', 'me')} as manager,
               ${shownFlexible(ctx.lockDate)} as status, o.version,
               case when ${shownFlexible(ctx.lockDate)} = 3 and s.approval_step is not null
                    then json_build_object('step', s.approval_step, 'count', s.approval_step_count, 'flow_name', coalesce(s.approval_flow_name, '')) end as approval_step
          from ${pageIds(where, page)}
          join overtime_requests o on o.id = pg.id
          join projects p on p.id = o.project_id
          left join lateral (select * from overtime_request_staff s1 where s1.overtime_request_id = o.id order by s1.id limit 1) s on true
          left join employees se on se.id = s.employee_id
          left join users pu on pu.id = o.pm_user_id left join employees pe on pe.id = pu.employee_id
          left join users mu on mu.id = o.manager_user_id left join employees me on me.id = mu.employee_id
         order by o.ot_date desc, o.id desc`,
  );
  return { rows, total: await countOf(db, where) };
}
