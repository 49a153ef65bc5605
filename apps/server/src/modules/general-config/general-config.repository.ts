import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { auditColumns, auditJoins, dateRangeConditions, type AuditColumns, type DateRangeFilter } from '../leave/grant-rows.repository.ts';

/**
 * The SQL of the General Configuration tab (spec 000 §2): rows of leave_general_configs. Removed rows keep their id
 * (`deleted_at`) for history; the accrual engine reads only live rows (modules/leave/accrual-inputs.repository.ts).
 */
export const GENERAL_CONFIG_TABLE = 'leave_general_configs';

/** YYYY-MM-DD bounds, inclusive; served by the apply_date and expire_date indexes. */
export type GeneralConfigFilter = DateRangeFilter;

/** The stored values as the service compares and writes them (numerics as exact text). */
export type GeneralConfigValues = {
  seniorityLeaveHour: number;
  seniorityLeaveYear: number;
  conditionalMonth: number;
  leaveHourInMonth: number;
  advanceLeave: number;
  /** YYYY-MM-DD */
  applyDate: string;
  expireDate: string;
  objectType: string | null;
};

function listConditions(filter: GeneralConfigFilter): SQL {
  const parts: SQL[] = [sql`c.deleted_at is null`, ...dateRangeConditions(filter, { apply: sql`c.apply_date`, expire: sql`c.expire_date` })];
  return sql.join(parts, sql` and `);
}

export type GeneralConfigRecord = {
  id: number;
  seniority_leave_hour: string;
  seniority_leave_year: string;
  conditional_month: number;
  leave_hour_in_month: string;
  advance_leave: number;
  apply_date: string;
  expire_date: string;
  object_type: string | null;
  version: number;
};

export type GeneralConfigListRow = GeneralConfigRecord & AuditColumns;

const recordColumns = sql`c.id, c.seniority_leave_hour::text as seniority_leave_hour, c.seniority_leave_year::text as seniority_leave_year,
  c.conditional_month, c.leave_hour_in_month::text as leave_hour_in_month, c.advance_leave,
  c.apply_date::text as apply_date, c.expire_date::text as expire_date, c.object_type, c.version`;

/** Newest apply date first (the brief of the tab), then the newer row. */
const ORDER = sql`c.apply_date desc, c.id desc`;

/** One page with the creator's and modifier's names, in one statement. */
export async function listPage(db: DbOrTx, opts: { filter: GeneralConfigFilter; limit: number; offset: number }): Promise<GeneralConfigListRow[]> {
  return queryRows<GeneralConfigListRow>(
    db,
    sql`
    with page as (
      select c.id from leave_general_configs c
       where ${listConditions(opts.filter)}
       order by ${ORDER}
       limit ${opts.limit} offset ${opts.offset}
    )
    select ${recordColumns}, ${auditColumns(sql`c`)}
      from page p
      join leave_general_configs c on c.id = p.id
      ${auditJoins(sql`c`)}
     order by ${ORDER}`,
  );
}

export async function countRows(db: DbOrTx, filter: GeneralConfigFilter): Promise<number> {
  const [row] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from leave_general_configs c where ${listConditions(filter)}`);
  return Number(row?.total ?? 0);
}

/** One row, or undefined; `forUpdate` locks it until the transaction ends, so two edits run one after the other. */
export async function findById(db: DbOrTx, id: number, opts: { includeDeleted?: boolean; forUpdate?: boolean } = {}): Promise<GeneralConfigRecord | undefined> {
  const [row] = await queryRows<GeneralConfigRecord>(
    db,
    sql`select ${recordColumns} from leave_general_configs c
         where c.id = ${id} ${opts.includeDeleted ? sql`` : sql`and c.deleted_at is null`}
         ${opts.forUpdate ? sql`for update` : sql``}`,
  );
  return row;
}

export async function insert(db: DbOrTx, values: GeneralConfigValues, byUserId: number): Promise<{ id: number; version: number }> {
  const [row] = await queryRows<{ id: number; version: number }>(
    db,
    sql`insert into leave_general_configs
          (seniority_leave_hour, seniority_leave_year, conditional_month, leave_hour_in_month, advance_leave,
           apply_date, expire_date, object_type, created_by, modified_by)
        values (${values.seniorityLeaveHour}, ${values.seniorityLeaveYear}, ${values.conditionalMonth}, ${values.leaveHourInMonth},
                ${values.advanceLeave}, ${values.applyDate}, ${values.expireDate}, ${values.objectType}, ${byUserId}, ${byUserId})
        returning id, version`,
  );
  return row!;
}

/** The edit, guarded by the version read (RULES.md §1): undefined when someone else changed or removed the row. */
export async function update(db: DbOrTx, id: number, version: number, values: GeneralConfigValues, byUserId: number): Promise<{ version: number } | undefined> {
  const [row] = await queryRows<{ version: number }>(
    db,
    sql`update leave_general_configs
           set seniority_leave_hour = ${values.seniorityLeaveHour}, seniority_leave_year = ${values.seniorityLeaveYear},
               conditional_month = ${values.conditionalMonth}, leave_hour_in_month = ${values.leaveHourInMonth},
               advance_leave = ${values.advanceLeave}, apply_date = ${values.applyDate}, expire_date = ${values.expireDate},
               object_type = ${values.objectType}, modified_by = ${byUserId}, modified_at = now(), version = version + 1
         where id = ${id} and version = ${version} and deleted_at is null
         returning version`,
  );
  return row;
}

/** Soft removal (`deleted_at`), guarded by the version read; undefined when the row changed meanwhile. */
export async function softDelete(db: DbOrTx, id: number, version: number, byUserId: number): Promise<{ version: number } | undefined> {
  const [row] = await queryRows<{ version: number }>(
    db,
    sql`update leave_general_configs
           set deleted_at = now(), modified_by = ${byUserId}, modified_at = now(), version = version + 1
         where id = ${id} and version = ${version} and deleted_at is null
         returning version`,
  );
  return row;
}
