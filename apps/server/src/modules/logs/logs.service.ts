import {
  LOG_TABLE_NAMES,
  LOG_TABLES,
  type ConnectionHistoryQuery,
  type ConnectionHistoryRow,
  type LogAction,
  type LogListQuery,
  type LogRow,
  type MailOutboxQuery,
  type MailOutboxRow,
} from '@tms/contracts/logs';
import type { PageInfo } from '@tms/contracts/api';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { formatInstant, parseDmy } from '../../lib/dates.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import * as repo from './logs.repository.ts';

/** History action → the Logs List's Action (a status change is an update). */
const ACTION_OF: Record<string, LogAction> = { CREATE: 'Created', UPDATE: 'Updated', STATUS: 'Updated', DELETE: 'Deleted' };
const ACTIONS_OF: Record<LogAction, string[]> = { Created: ['CREATE'], Updated: ['UPDATE', 'STATUS'], Deleted: ['DELETE'] };
const TABLE_LABEL = new Map<string, string>(LOG_TABLES.map((t) => [t.value, t.label]));

type Paging = { page: number; size: number };
const pageOf = (q: Paging) => ({ limit: q.size, offset: (q.page - 1) * q.size });

/** Logs (spec 002 §2 Logs, §3; RULES.md §8). */
export type LogsDeps = { db: Db; clock: Clock };

export async function logList({ db, clock }: LogsDeps, q: LogListQuery): Promise<{ data: LogRow[]; page: PageInfo }> {
  const filter: repo.LogFilter = {
    tables: q.table && q.table.length > 0 ? q.table : LOG_TABLE_NAMES,
    staff: q.staff?.map((s) => s.toLowerCase()),
    employeeIds: q.employee,
    actions: q.action?.flatMap((a) => ACTIONS_OF[a as LogAction] ?? []),
    from: parseDmy(q.fromDate),
    to: parseDmy(q.toDate),
    timeZone: clock.timeZone,
  };
  const [rows, total] = await Promise.all([repo.listLogs(db, { ...filter, ...pageOf(q) }), repo.countLogs(db, filter)]);
  const data = rows.map(
    (r): LogRow => ({
      key: `${r.history_id}-${r.ord}`,
      history_id: r.history_id,
      creator: { name: r.created_by_name, username: r.created_by_username },
      status: ACTION_OF[r.action] ?? 'Updated',
      create_date: r.created_at,
      create_date_format: formatInstant(r.created_at, clock.timeZone) ?? '',
      table: r.table_name,
      table_label: TABLE_LABEL.get(r.table_name) ?? r.table_name,
      field: r.field,
      employeeId: r.employee_id === null || r.employee_name === null ? null : { id: r.employee_id, name: r.employee_name, user_name: r.employee_user_name ?? '' },
      dateOfIssue: r.workday,
      new_value: r.new_value,
      old_value: r.old_value,
      new_value_name: r.new_value_name,
      old_value_name: r.old_value_name,
    }),
  );
  return { data, page: { page: q.page, size: q.size, total_element: total } };
}

export async function connectionHistories({ db, clock }: LogsDeps, q: ConnectionHistoryQuery): Promise<{ data: ConnectionHistoryRow[]; page: PageInfo }> {
  const filter: repo.ConnectionFilter = { from: parseDmy(q.fromDate), to: parseDmy(q.toDate), text: q.text?.trim() || undefined, timeZone: clock.timeZone };
  const rows = await repo.listConnections(db, { ...filter, ...pageOf(q) });
  return {
    data: rows.map(({ total: _t, ...r }) => ({ ...r, date_time_format: formatInstant(r.date_time, clock.timeZone) ?? '' })),
    page: await pageInfo(q, rows, () => repo.countConnections(db, filter)),
  };
}

export async function mailOutbox({ db, clock }: LogsDeps, q: MailOutboxQuery): Promise<{ data: MailOutboxRow[]; page: PageInfo }> {
  const filter: repo.MailFilter = { status: q.status || undefined, text: q.text?.trim() || undefined };
  const rows = await repo.listMail(db, { ...filter, ...pageOf(q) });
  return {
    data: rows.map(({ total: _t, ...r }) => ({ ...r, created_format: formatInstant(r.created, clock.timeZone) ?? '', sent_format: formatInstant(r.sent, clock.timeZone) })),
    page: await pageInfo(q, rows, () => repo.countMail(db, filter)),
  };
}
