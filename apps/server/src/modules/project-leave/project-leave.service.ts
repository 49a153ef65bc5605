import {
  PROJECT_LEAVE_FOLDER,
  PROJECT_LEAVE_MESSAGES as M,
  PROJECT_LEAVE_WRITERS,
  type ProjectLeaveCreate,
  type ProjectLeaveDetail,
  type ProjectLeaveEdit,
  type ProjectLeaveListQuery,
  type ProjectLeaveResultItem,
  type ProjectLeaveRow,
  type ProjectLeaveSummary,
} from '@tms/contracts/project-leave';
import { hasAnyRole } from '@tms/contracts/roles';
import type { PageInfo } from '@tms/contracts/api';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { toDmy } from '../../lib/dates.ts';
import { diffFields, recordHistories, recordHistory, type HistoryEntryDto } from '../../lib/history.ts';
import { storeFile, type UploadedFile } from '../../lib/uploads.ts';
import { importInputs } from '../../lib/import-cells.ts';
import type { ImportRow } from '../../lib/xlsx.ts';
import { getLockDate } from '../payroll-periods/payroll-periods.service.ts';
import * as leave from '../leave/leave.service.ts';
import { updateFundRow } from '../leave/leave.repository.ts';
import { FUND_TYPE } from '../leave/leave.types.ts';
import { fundRowHistory, removeGrant } from '../leave/grant-rows.ts';
import * as repo from './project-leave.repository.ts';
import { checkGrant, daysOf, normalizeUsernames, projectIdOf, rowActions, rowFigures, type Grant, type GrantContext } from './project-leave.validation.ts';
import { importRowToInput, missingColumns, templateExampleRow } from './project-leave.import.ts';

/** Fields whose changes a history entry lists (RULES.md §8); attachments by file name. */
const HISTORY_FIELDS = ['projectCode', 'leaveDay', 'applyDate', 'expireDate', 'attachFiles'] as const;

type Snapshot = Grant & { id: number; employeeId: number; username: string; projectId: number; projectCode: string; attachFiles: string[]; version: number };
type StaffGrant = Grant & { employeeId: number; username: string; project: repo.ProjectRef };

/** What history stores of a row: the form's values as the user sees them (DD/MM/YYYY dates, file names). */
const historyRecord = (s: Snapshot) => ({
  id: s.id,
  employeeId: s.employeeId,
  username: s.username,
  projectId: s.projectId,
  projectCode: s.projectCode,
  leaveDay: s.leaveDay,
  applyDate: toDmy(s.applyDate),
  expireDate: toDmy(s.expireDate),
  attachFiles: s.attachFiles,
  version: s.version,
});

const filePathOf = (f: repo.StoredFileRef) => `${f.folder}/${f.storedName}`;

const snapshotOf = (r: repo.ProjectLeaveRecord): Snapshot => ({
  id: r.id,
  employeeId: r.employee_id,
  username: r.user_name,
  projectId: r.project_id,
  projectCode: r.project_code,
  leaveDay: daysOf(r.amount),
  applyDate: r.apply_date,
  expireDate: r.expire_date,
  attachFiles: r.files.map((f) => f.fileName),
  version: r.version,
});

const figuresOf = (r: repo.ProjectLeaveRecord, today: string) => rowFigures({ granted: Number(r.granted), used: Number(r.used), expireDate: r.expire_date }, today);

const summaryOf = (r: repo.SummaryRow): ProjectLeaveSummary => ({
  employeeId: r.employee_id,
  fullNameStaff: r.name,
  userName: r.user_name,
  division: r.division,
  department: r.department,
  totalLeaveDay: daysOf(r.granted),
  totalUsed: daysOf(r.used),
  totalExpired: daysOf(r.expired),
  totalRemain: daysOf(r.remaining),
});

/** The retained attachments of an edit as file paths; absent means "keep them all". */
function retainedPaths(list: ProjectLeaveEdit['attachFilePaths']): Set<string> | undefined {
  if (list === null || list === undefined) return undefined;
  return new Set(list.map((item) => (typeof item === 'string' ? item : item.filePath).trim()));
}

export type ProjectLeaveDeps = { db: Db; clock: Clock };

const grantContext = async (tx: DbOrTx, clock: Clock): Promise<GrantContext> => ({ today: clock.today(), lockDate: await getLockDate(tx) });

/** Stores each upload once and links it to every row (spec 000 §7: one upload granted to several staff). */
async function attach(tx: DbOrTx, rowIds: readonly number[], files: readonly UploadedFile[], user: SessionUser): Promise<repo.StoredFileRef[]> {
  if (rowIds.length === 0 || files.length === 0) return [];
  const stored: repo.StoredFileRef[] = [];
  for (const file of files) {
    const s = await storeFile(tx, file, { folder: PROJECT_LEAVE_FOLDER, ownerTable: repo.PROJECT_LEAVE_TABLE, ownerId: rowIds[0]!, createdBy: user.userId });
    stored.push({ id: s.id, fileName: s.originalName, folder: s.folder, storedName: s.storedName });
  }
  await repo.linkFiles(
    tx,
    rowIds.flatMap((fundRowId) => stored.map((s) => ({ fundRowId, storedFileId: s.id }))),
  );
  return stored;
}

/** Inserts the rows, their GRANT ledger entries, attachment links and CREATE history entries, set-based. */
async function grantAll(tx: DbOrTx, grants: StaffGrant[], files: readonly UploadedFile[], user: SessionUser): Promise<{ id: number; username: string; version: number }[]> {
  const rows = await leave.grantFundRows(
    tx,
    grants.map((g) => ({ employeeId: g.employeeId, fundType: FUND_TYPE.project, hours: g.leaveDay, applyDate: g.applyDate, expireDate: g.expireDate, projectId: g.project.id })),
    user.userId,
  );
  const stored = await attach(
    tx,
    rows.map((r) => r.id),
    files,
    user,
  );
  const entries = rows.map((r, i) => {
    const g = grants[i]!;
    const record = historyRecord({
      ...g,
      id: r.id,
      projectId: g.project.id,
      projectCode: g.project.code,
      attachFiles: stored.map((s) => s.fileName),
      version: r.version,
    });
    return { tableName: repo.PROJECT_LEAVE_TABLE, recordId: r.id, employeeId: r.employeeId, action: 'CREATE' as const, changes: diffFields(null, record, HISTORY_FIELDS), newRecord: record };
  });
  await recordHistories(tx, entries, user);
  return rows.map((r, i) => ({ id: r.id, username: grants[i]!.username, version: r.version }));
}

export async function listProjectLeave({ db, clock }: ProjectLeaveDeps, user: SessionUser, q: ProjectLeaveListQuery): Promise<{ data: ProjectLeaveSummary[]; page: PageInfo }> {
  const filter: repo.ProjectLeaveFilter = { employeeIds: q.employee, divisionIds: q.division, departmentIds: q.department };
  const scope = repo.rowScope(user);
  const [rows, total] = await Promise.all([
    repo.listPage(db, { filter, scope, today: clock.today(), limit: q.size, offset: (q.page - 1) * q.size }),
    repo.countEmployees(db, { filter, scope }),
  ]);
  return { data: rows.map(summaryOf), page: { page: q.page, size: q.size, total_element: total } };
}

/** One employee's rows in the caller's scope with the header totals; an employee outside the scope is 404. */
export async function projectLeaveDetail({ db, clock }: ProjectLeaveDeps, user: SessionUser, employeeId: number): Promise<ProjectLeaveDetail> {
  const today = clock.today();
  const scope = repo.rowScope(user);
  const [summary, rows, lockDate] = await Promise.all([
    repo.findEmployeeSummary(db, employeeId, { employeeScope: repo.employeeOfScope(user), rowScope: scope, today }),
    repo.rowsOfEmployee(db, employeeId, scope),
    getLockDate(db),
  ]);
  if (!summary) throw notFound(M.employeeNotFound);
  const mayWrite = hasAnyRole(user.roles, PROJECT_LEAVE_WRITERS);
  const projectLeaves = rows.map((r): ProjectLeaveRow => {
    const figures = figuresOf(r, today);
    return {
      id: r.id,
      employee: { id: r.employee_id, name: r.name, user_name: r.user_name },
      project: { projectId: r.project_id, projectCode: r.project_code, projectName: r.project_name },
      leaveDay: daysOf(r.amount),
      used: figures.used,
      expired: figures.expired,
      remaining: figures.remaining,
      applyDate: toDmy(r.apply_date)!,
      expireDate: toDmy(r.expire_date)!,
      attachFilePaths: r.files.map((f) => ({ id: f.id, fileName: f.fileName, filePath: filePathOf(f) })),
      version: r.version,
      ...rowActions({ figures, applyDate: r.apply_date }, { lockDate, mayWrite }),
    };
  });
  return { ...summaryOf(summary), projectLeaves };
}

/** The project's messages: required, or not found; answers the project when it exists. */
async function checkProject(tx: DbOrTx, value: unknown): Promise<{ project?: repo.ProjectRef; messages: string[] }> {
  const id = projectIdOf(value);
  if (id === null) return { messages: [M.projectRequired] };
  const project = Number.isNaN(id) ? undefined : await repo.findProjectById(tx, id);
  return project ? { project, messages: [] } : { messages: [M.projectNotFound] };
}

/**
 * One row per staff (duplicates collapsed), all or none (spec 000 §7 create). Every staff must exist and be a
 * member of the project (**decision**: a non-member is refused with a message, nothing is written).
 */
export async function createProjectLeave({ db, clock }: ProjectLeaveDeps, user: SessionUser, body: ProjectLeaveCreate, files: readonly UploadedFile[]): Promise<ProjectLeaveResultItem[]> {
  const usernames = normalizeUsernames(body.usernames);
  return db.transaction(async (tx) => {
    const ctx = await grantContext(tx, clock);
    const { project, messages: projectMessages } = await checkProject(tx, body.projectId);
    const employees = await repo.findEmployeesByUsernames(tx, usernames);
    const staffMessages: string[] = usernames.length === 0 ? [M.staffRequired] : usernames.filter((u) => !employees.has(u.toLowerCase())).map(M.staffNotFound);
    if (project && staffMessages.length === 0) {
      const known = usernames.map((u) => employees.get(u.toLowerCase())!);
      const members = await repo.memberPairs(tx, known.map((e) => ({ projectId: project.id, employeeId: e.id })));
      staffMessages.push(...known.filter((e) => !members.has(`${project.id}:${e.id}`)).map((e) => M.notMember(e.userName, project.code)));
    }
    const checked = checkGrant(body, ctx);
    const messages = [...projectMessages, ...staffMessages, ...(checked.ok ? [] : checked.messages)];
    if (!checked.ok || !project || messages.length > 0) throw badRequest(messages[0]!, messages);
    const grants = usernames.map((u) => {
      const employee = employees.get(u.toLowerCase())!;
      return { ...checked.value, employeeId: employee.id, username: employee.userName, project };
    });
    const created = await grantAll(tx, grants, files, user);
    return created.map((c) => ({ code: 200, message: M.created(c.username), id: c.id, version: c.version }));
  });
}

/**
 * The staff and project of a row never change (**decision**: the leave core's adjustment has no project; a
 * different project is refused). A stale version is 409 (RULES.md §1); an expired row no longer edits (spec 000 §4).
 * New files are added; listed files not retained are unlinked (the file stays for the row's history).
 */
export async function editProjectLeave({ db, clock }: ProjectLeaveDeps, user: SessionUser, body: ProjectLeaveEdit, files: readonly UploadedFile[]): Promise<ProjectLeaveResultItem[]> {
  return db.transaction(async (tx) => {
    const row = await repo.findById(tx, body.id, { scope: repo.rowScope(user), forUpdate: true });
    if (!row) throw notFound(M.notFound);
    if (row.version !== body.version) throw conflict();
    const ctx = await grantContext(tx, clock);
    const figures = figuresOf(row, ctx.today);
    if (figures.isExpired) throw conflict(M.expired);
    const before = snapshotOf(row);

    const projectId = projectIdOf(body.projectId);
    const projectMessages = projectId !== null && projectId !== row.project_id ? [M.projectChanged] : [];
    const checked = checkGrant(body, { ...ctx, current: { applyDate: before.applyDate, leaveDay: before.leaveDay, usedDays: figures.used } });
    const messages = [...projectMessages, ...(checked.ok ? [] : checked.messages)];
    if (!checked.ok || messages.length > 0) throw badRequest(messages[0]!, messages);

    const retained = retainedPaths(body.attachFilePaths);
    const dropped = retained === undefined ? [] : row.files.filter((f) => !retained.has(filePathOf(f)));
    const kept = row.files.filter((f) => !dropped.includes(f));
    const afterTerms = checked.value;
    const after: Snapshot = { ...before, ...afterTerms, attachFiles: [...kept.map((f) => f.fileName), ...files.map((f) => f.fileName)] };
    const changes = diffFields(historyRecord(before), historyRecord(after), HISTORY_FIELDS);
    if (changes.length === 0) return [{ code: 200, message: M.updated, id: row.id, version: row.version }];

    const termsChanged = ['leaveDay', 'applyDate', 'expireDate'].some((field) => changes.some((c) => c.field === field));
    let version: number;
    if (termsChanged) {
      // The leave core writes the change of days or apply date as ADJUST entries (RULES.md §7).
      const adjusted = await leave.adjustFundRow(
        tx,
        { fundRowId: row.id, version: body.version, hours: afterTerms.leaveDay, applyDate: afterTerms.applyDate, expireDate: afterTerms.expireDate },
        user.userId,
      );
      if (!adjusted.ok) throw conflict();
      version = adjusted.version;
    } else {
      // Only attachments changed: the row's terms stay, but its version moves so a stale edit still gets 409.
      const touched = await updateFundRow(
        tx,
        row.id,
        body.version,
        { hours: before.leaveDay, applyDate: before.applyDate, expireDate: before.expireDate, description: row.description },
        user.userId,
      );
      if (touched === undefined) throw conflict();
      version = touched;
    }
    await repo.unlinkFiles(
      tx,
      row.id,
      dropped.map((f) => f.id),
    );
    await attach(tx, [row.id], files, user);
    await recordHistory(tx, {
      tableName: repo.PROJECT_LEAVE_TABLE,
      recordId: row.id,
      employeeId: row.employee_id,
      action: 'UPDATE',
      changes,
      newRecord: historyRecord({ ...after, version }),
      by: user,
    });
    return [{ code: 200, message: M.updated, id: row.id, version }];
  });
}

/** Removal keeps the row for its ledger and history; only an unused, unexpired, unlocked row goes (spec 000 §4). */
export async function removeProjectLeave({ db, clock }: ProjectLeaveDeps, user: SessionUser, id: number, version: number | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.findById(tx, id, { scope: repo.rowScope(user), forUpdate: true });
    if (!row) throw notFound(M.notFound);
    const ctx = await grantContext(tx, clock);
    const figures = figuresOf(row, ctx.today);
    await removeGrant(tx, {
      row,
      version,
      state: figures,
      lockDate: ctx.lockDate,
      messages: M,
      user,
      record: (newVersion) => historyRecord({ ...snapshotOf(row), version: newVersion }),
    });
  });
}

/** History of a row in the caller's scope, removed rows included (RULES.md §3: outside the scope is 404). */
export async function projectLeaveHistory({ db, clock }: ProjectLeaveDeps, user: SessionUser, id: number): Promise<HistoryEntryDto[]> {
  return fundRowHistory(db, await repo.findById(db, id, { scope: repo.rowScope(user), includeDeleted: true }), M.notFound, clock.timeZone);
}

/** An attachment by `?id=` or `?filePath=ProjectLeave/<name>`, linked to a live row in the caller's scope, else 404. */
export async function downloadProjectLeaveFile(db: Db, user: SessionUser, query: { id?: number; filePath?: string }): Promise<repo.DownloadFile> {
  let ref: { id?: number; folder?: string; storedName?: string };
  if (query.id !== undefined) ref = { id: query.id };
  else if (query.filePath?.trim()) {
    const path = query.filePath.trim();
    const slash = path.indexOf('/');
    if (slash <= 0 || path.slice(0, slash) !== PROJECT_LEAVE_FOLDER) throw notFound(M.fileNotFound);
    ref = { folder: PROJECT_LEAVE_FOLDER, storedName: path.slice(slash + 1) };
  } else throw badRequest(M.fileRequired);
  const file = await repo.findDownload(db, ref, repo.rowScope(user));
  if (!file) throw notFound(M.fileNotFound);
  return file;
}

/**
 * All or nothing (RULES.md §1): every row is checked with the form's rules (project by code, staff a member of it);
 * with any error nothing is written and the errors per sheet row come back for the error report.
 */
export async function importProjectLeave({ db, clock }: ProjectLeaveDeps, user: SessionUser, upload: { headers: string[]; rows: ImportRow[] }): Promise<{ count: number } | { errors: Map<number, string[]> }> {
  const inputs = importInputs(upload, { missingColumns, noRowsMessage: M.importNoRows, read: importRowToInput });
  return db.transaction(async (tx) => {
    const ctx = await grantContext(tx, clock);
    const projects = await repo.findProjectsByCodes(tx, inputs.map((i) => i.projectCode).filter(Boolean));
    const employees = await repo.findEmployeesByUsernames(tx, inputs.map((i) => i.username).filter(Boolean));
    const pairs = inputs.flatMap((i) => {
      const project = projects.get(i.projectCode.toLowerCase());
      const employee = employees.get(i.username.toLowerCase());
      return project && employee ? [{ projectId: project.id, employeeId: employee.id }] : [];
    });
    const members = await repo.memberPairs(tx, pairs);
    const errors = new Map<number, string[]>();
    const grants: StaffGrant[] = [];
    for (const input of inputs) {
      const project = input.projectCode ? projects.get(input.projectCode.toLowerCase()) : undefined;
      const employee = input.username ? employees.get(input.username.toLowerCase()) : undefined;
      const messages: string[] = [];
      if (!input.projectCode) messages.push(M.projectRequired);
      else if (!project) messages.push(M.projectNotFoundCode(input.projectCode));
      if (!input.username) messages.push(M.staffRequired);
      else if (!employee) messages.push(M.staffNotFound(input.username));
      else if (project && !members.has(`${project.id}:${employee.id}`)) messages.push(M.notMember(employee.userName, project.code));
      const checked = checkGrant(input, ctx);
      if (!checked.ok) messages.push(...checked.messages);
      if (!checked.ok || !project || !employee || messages.length > 0) {
        errors.set(input.rowNumber, messages);
        continue;
      }
      grants.push({ ...checked.value, employeeId: employee.id, username: employee.userName, project });
    }
    if (errors.size > 0) return { errors };
    return { count: (await grantAll(tx, grants, [], user)).length };
  });
}

/** The import template's example row (spec 000 §2 Download Template). */
export const projectLeaveTemplateRows = (clock: Clock) => [templateExampleRow(clock.today())];
