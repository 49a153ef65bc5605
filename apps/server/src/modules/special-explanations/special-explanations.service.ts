import {
  SPECIAL_EXPLANATION_IMPORT_COLUMNS as COLUMNS,
  SPECIAL_EXPLANATION_MESSAGES as M,
  type ReasonTypeOption,
  type SpecialExplanationCreate,
  type SpecialExplanationListQuery,
  type SpecialExplanationRow,
  type SpecialExplanationUpdate,
} from '@tms/contracts/special-explanation';
import { isWeekendIso, type PageInfo } from '@tms/contracts/api';
import { DEFAULT_LANGUAGE, type Language } from '@tms/contracts/language';
import { MAIL_TEXTS } from '@tms/contracts/mail-texts';
import { TIMESHEET_PAGE_LINK } from '@tms/contracts/timesheet-review';
import { pageInfo } from '../../lib/page-answer.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';
import { employeeLanguages, mailsByLanguage, sendMail, type Addressee } from '../../lib/mail.ts';
import { mailLink } from '../../lib/notify.ts';
import { addDays, parseDmy, toDmy } from '../../lib/dates.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { diffFields, recordHistories, recordHistory } from '../../lib/history.ts';
import { cell, missingColumns, optionalTextCell, textCell } from '../../lib/import-cells.ts';
import type { CellValue, ImportRow } from '../../lib/xlsx.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';
import { REQUIRED_HEADERS } from './special-explanations.import.ts';
import * as repo from './special-explanations.repository.ts';
import { checkSpecial, type SpecialContext, type SpecialFields } from './special-explanations.validation.ts';

/** Fields a history entry lists (RULES.md §8). */
const HISTORY_FIELDS = ['date', 'type', 'requestReason', 'time', 'description', 'ccMail'] as const;
const TABLE = repo.SPECIAL_EXPLANATIONS_TABLE;

const historyRecord = (r: repo.StoredSpecial) => ({
  id: r.id,
  employeeId: r.employee_id,
  date: toDmy(r.date),
  type: r.type,
  requestReason: r.request_type,
  time: Number(r.time_hours),
  description: r.description,
  ccMail: [...r.cc_employee_ids].sort((a, b) => a - b),
  version: r.version,
});

const splitNames = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export type SpecialExplanationDeps = { db: Db; clock: Clock; log?: FastifyBaseLogger; config?: Pick<Config, 'smtpUrl' | 'mailFrom' | 'appUrl'> };

/** The mail of one special explanation in `language`, addressed to its staff member. */
function specialMail(language: Language, staffName: string, r: repo.StoredSpecial, action: 'recorded' | 'updated', appUrl: string | undefined) {
  const t = MAIL_TEXTS.specialExplanation[language];
  const facts = { action, date: r.date, hours: Number(r.time_hours), type: r.type };
  return {
    subject: t.subject(facts),
    text: `${MAIL_TEXTS.greeting[language](staffName)}\n\n${t.body(facts)}${r.description ? `\n\n${r.description}` : ''}\n\n${t.timesheet(mailLink(TIMESHEET_PAGE_LINK, appUrl))}\n`,
  };
}

/**
 * After the commit: one mail per row to its staff, the CC list in copy (outbox without SMTP, lib/mail.ts), each
 * reader in their language (a CC reader of another language gets their own copy). A mail failure never undoes the save.
 */
async function mailRows(deps: SpecialExplanationDeps, rows: readonly repo.StoredSpecial[], action: 'recorded' | 'updated') {
  const { db, config } = deps;
  if (!config || rows.length === 0) return;
  try {
    const people = new Map((await repo.employeeMails(db, rows.flatMap((r) => [r.employee_id, ...r.cc_employee_ids]))).map((p) => [p.id, p]));
    const languages = await employeeLanguages(db, [...people.keys()]);
    const reader = (id: number): Addressee[] => {
      const email = people.get(id)?.email;
      return email ? [{ email, language: languages.get(id) ?? DEFAULT_LANGUAGE }] : [];
    };
    for (const r of rows) {
      const staff = people.get(r.employee_id);
      if (!staff?.email) continue;
      for (const message of mailsByLanguage(reader(r.employee_id), r.cc_employee_ids.flatMap(reader), (language) => specialMail(language, staff.name, r, action, config.appUrl))) {
        await sendMail(db, config, message);
      }
    }
  } catch (error) {
    deps.log?.warn({ err: error }, 'special explanation mail failed');
  }
}

async function context(tx: DbOrTx): Promise<SpecialContext> {
  const [lockDate, reasons] = await Promise.all([getLockDate(tx), repo.reasonTypes(tx)]);
  return { lockDate, reasons: new Map(reasons.map((r) => [r.code, r.request_type])) };
}

/** In the write's transaction: the days the change touched are queued for recalculation (recalc-queue.ts). */
async function recalc(tx: DbOrTx, user: SessionUser, rows: readonly { employee_id: number; date: string }[]) {
  await queueRecalculation(tx, rows.map((r) => ({ employeeId: r.employee_id, date: r.date })), { createdBy: user.userId });
}

export async function listSpecialExplanations(db: Db, user: SessionUser, q: SpecialExplanationListQuery): Promise<{ data: SpecialExplanationRow[]; page: PageInfo }> {
  const filter = { employeeIds: q.employee, from: parseDmy(q.fromDate), to: parseDmy(q.toDate) };
  const [rows, lockDate] = await Promise.all([repo.listPage(db, user, { ...filter, limit: q.size, offset: (q.page - 1) * q.size }), getLockDate(db)]);
  const data = rows.map(
    (r): SpecialExplanationRow => ({
      id: r.id,
      employeeId: r.employee_id,
      employeeName: r.employee_name,
      userName: r.user_name,
      departmentEmployee: r.department_employee,
      date: toDmy(r.date)!,
      time: Number(r.time_hours),
      type: r.type,
      typeName: r.type_name ?? r.type,
      // Both in the request's language (issue 25): the web shows one and the other in a tooltip.
      typeNameVi: r.type_name ?? r.type,
      requestReason: r.request_type,
      description: r.description,
      createBy: r.create_by,
      createByName: r.create_by_name,
      departmentCreator: r.department_creator,
      ccMailInfor: r.cc ?? [],
      is_from_sf4c: r.is_from_sf4c,
      version: r.version,
      canEdit: lockDate === null || r.date > lockDate,
    }),
  );
  return { data, page: await pageInfo(q, rows, () => repo.countRows(db, user, filter)) };
}

async function checkCc(tx: DbOrTx, user: SessionUser, ids: readonly number[]): Promise<{ ids: number[]; messages: string[] }> {
  const unique = [...new Set(ids)];
  const found = new Set((await repo.employeesByIds(tx, user, unique)).map((e) => e.id));
  return { ids: unique, messages: unique.filter((id) => !found.has(id)).map((id) => M.ccNotFound(String(id))) };
}

async function insertAll(tx: DbOrTx, user: SessionUser, rows: repo.NewSpecial[]) {
  const stored = await repo.insertMany(tx, rows, user.userId);
  await recordHistories(
    tx,
    stored.map((s) => {
      const record = historyRecord(s);
      return { tableName: TABLE, recordId: s.id, employeeId: s.employee_id, action: 'CREATE' as const, changes: diffFields(null, record, HISTORY_FIELDS), newRecord: record };
    }),
    user,
  );
  return stored;
}

/** One row per staff (duplicates collapsed), all or none (spec 001 §5.3). */
export async function createSpecialExplanations(deps: SpecialExplanationDeps, user: SessionUser, body: SpecialExplanationCreate): Promise<number[]> {
  const stored = await deps.db.transaction(async (tx) => {
    const ctx = await context(tx);
    const checked = checkSpecial(body, ctx);
    const messages: string[] = [];
    const staffIds = [...new Set(body.listEmployee ?? [])];
    if (staffIds.length === 0) messages.push(M.staffRequired);
    const staff = await repo.employeesByIds(tx, user, staffIds);
    const known = new Set(staff.map((s) => s.id));
    messages.push(...staffIds.filter((id) => !known.has(id)).map((id) => M.staffNotFound(String(id))));
    if (!checked.ok) messages.push(...checked.messages);
    const cc = await checkCc(tx, user, body.ccMail ?? []);
    messages.push(...cc.messages);
    if (!checked.ok || messages.length > 0) throw badRequest(messages[0]!, messages);
    const rows = await insertAll(
      tx,
      user,
      staffIds.map((employeeId) => ({ employeeId, ...checked.value, ccEmployeeIds: cc.ids })),
    );
    await recalc(tx, user, rows);
    return rows;
  });
  await mailRows(deps, stored, 'recorded');
  return stored.map((s) => s.id);
}

/** The staff of a row never changes; a stale version is 409; a row on or before the lock date no longer changes. */
export async function updateSpecialExplanation(deps: SpecialExplanationDeps, user: SessionUser, body: SpecialExplanationUpdate): Promise<{ id: number; version: number }> {
  const { after } = await deps.db.transaction(async (tx) => {
    const row = await repo.findForUpdate(tx, user, body.id);
    if (!row) throw notFound(M.notFound);
    if (row.version !== body.version) throw conflict();
    const ctx = await context(tx);
    if (ctx.lockDate !== null && row.date <= ctx.lockDate) throw badRequest(M.rowLocked);
    const checked = checkSpecial(body, ctx);
    const cc = await checkCc(tx, user, body.ccMail ?? []);
    const messages = [...(checked.ok ? [] : checked.messages), ...cc.messages];
    if (!checked.ok || messages.length > 0) throw badRequest(messages[0]!, messages);
    const updated = await repo.updateRow(tx, row.id, body.version, { ...checked.value, ccEmployeeIds: cc.ids });
    if (!updated) throw conflict();
    const changes = diffFields(historyRecord(row), historyRecord(updated), HISTORY_FIELDS);
    await recordHistory(tx, { tableName: TABLE, recordId: row.id, employeeId: row.employee_id, action: 'UPDATE', changes, newRecord: historyRecord(updated), by: user });
    await recalc(tx, user, [row, updated]);
    return { after: updated };
  });
  await mailRows(deps, [after], 'updated');
  return { id: after.id, version: after.version };
}

/** All or nothing (RULES.md §1): with any error nothing is written and the errors per sheet row come back. */
export async function importSpecialExplanations(deps: SpecialExplanationDeps, user: SessionUser, upload: { headers: string[]; rows: ImportRow[] }): Promise<{ count: number } | { errors: Map<number, string[]> }> {
  const missing = missingColumns(upload.headers, REQUIRED_HEADERS, M.importMissingColumn);
  if (missing.length > 0) throw badRequest(missing[0]!, missing);
  if (upload.rows.length === 0) throw badRequest(M.importNoRows);
  const inputs = upload.rows.map((r) => ({
    rowNumber: r.rowNumber,
    username: textCell(cell(r, COLUMNS.username)),
    cc: splitNames(textCell(cell(r, COLUMNS.ccMail))),
    fields: {
      date: dateText(cell(r, COLUMNS.date)),
      requestReason: textCell(cell(r, COLUMNS.requestReason)),
      type: textCell(cell(r, COLUMNS.type)),
      time: timeValue(cell(r, COLUMNS.time)),
      description: optionalTextCell(cell(r, COLUMNS.description)),
    } satisfies SpecialFields,
  }));
  const result = await deps.db.transaction(async (tx): Promise<{ errors: Map<number, string[]> } | { stored: repo.StoredSpecial[] }> => {
    const ctx = await context(tx);
    const names = inputs.flatMap((i) => [i.username, ...i.cc]).filter(Boolean);
    const byName = new Map((await repo.employeesByUsernames(tx, user, names)).map((e) => [e.user_name.toLowerCase(), e]));
    const errors = new Map<number, string[]>();
    const rows: repo.NewSpecial[] = [];
    for (const input of inputs) {
      const messages: string[] = [];
      const staff = input.username ? byName.get(input.username.toLowerCase()) : undefined;
      if (!input.username) messages.push(M.staffRequired);
      else if (!staff) messages.push(M.staffNotFound(input.username));
      const checked = checkSpecial(input.fields, ctx);
      if (!checked.ok) messages.push(...checked.messages);
      const ccIds: number[] = [];
      for (const n of input.cc) {
        const e = byName.get(n.toLowerCase());
        if (e) ccIds.push(e.id);
        else messages.push(M.ccNotFound(n));
      }
      if (!checked.ok || !staff || messages.length > 0) {
        errors.set(input.rowNumber, messages);
        continue;
      }
      rows.push({ employeeId: staff.id, ...checked.value, ccEmployeeIds: [...new Set(ccIds)] });
    }
    if (errors.size > 0) return { errors };
    const stored = await insertAll(tx, user, rows);
    await recalc(tx, user, stored);
    return { stored };
  });
  if ('errors' in result) return result;
  await mailRows(deps, result.stored, 'recorded');
  return { count: result.stored.length };
}

/** One example row: the next weekday after today. */
export function specialExplanationTemplateRows(clock: Clock): Record<string, CellValue>[] {
  let d = addDays(clock.today(), 1);
  while (isWeekendIso(d)) d = addDays(d, 1);
  return [
    {
      username: 'jane.doe',
      date: toDmy(d),
      requestReason: 'EXPLANATION_REQUEST',
      type: 'NOT_ENOUGH_WORKING_HOURS',
      time: 1.5,
      description: 'Client meeting outside the office',
      ccMail: '',
    },
  ];
}

export async function reasonTypeOptions(db: Db, requestType?: string): Promise<ReasonTypeOption[]> {
  return (await repo.reasonTypes(db, requestType)).map((r) => ({
    reason_type_code: r.code,
    // Both in the request's language (issue 25).
    reason_type: r.name,
    reasons: r.name,
    request_type: r.request_type,
    request_code: r.request_code,
  }));
}

/** A date cell as text: a Date (Excel date) as DD/MM/YYYY, a text as it is. */
function dateText(value: CellValue | undefined): string {
  if (value instanceof Date) return toDmy(value.toISOString().slice(0, 10)) ?? '';
  return textCell(value);
}

/** A time cell: a number as it is, else its text. */
function timeValue(value: CellValue | undefined): number | string {
  return typeof value === 'number' ? value : textCell(value);
}
