import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROJECT_LEAVE_IMPORT_COLUMNS as COLS,
  PROJECT_LEAVE_LIST_PATH,
  PROJECT_LEAVE_MESSAGES as M,
  PROJECT_LEAVE_PATH,
  PROJECT_LEAVE_RESULT_FILE,
  PROJECT_LEAVE_TEMPLATE_FILE,
} from '@tms/contracts/project-leave';
import { queryRows } from '../../db/client.ts';
import { projectMembers, projects } from '../../db/schema/organisation.ts';
import { addDays, toDmy } from '../../lib/dates.ts';
import { approvePeriodEnding } from '../../test/fixture.ts';
import { createTestApp, defaultTestNow, type TestApp } from '../../test/harness.ts';
import { fileUpload, leaveApi, testDates, xlsxFile, type Json } from '../../test/leave-api.ts';

const BASE = `/api${PROJECT_LEAVE_PATH}`;
const LIST = `/api${PROJECT_LEAVE_LIST_PATH}`;

let t: TestApp;
/** Today of the test clock (TEST_NOW in the six-date run): every date here is relative to it. */
const NOW = defaultTestNow();
const { today, day } = testDates(NOW);
/** The lock date (RULES.md §4): an approved period ending 40 days ago. */
const LOCK = addDays(today, -40);

const PDF = Buffer.from('%PDF-1.4\n% project leave test\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const TXT = Buffer.from('approved by the customer\n');
type Upload = { name: string; content: Buffer };

const request = (over: Json = {}) => ({ projectId: t.fixture.projectId, usernames: ['staff'], leaveDay: 2, applyDate: day(1), expireDate: day(60), ...over });

/** The multipart body of create and edit (spec 000 §7): repeated `files` and the JSON part `projectLeaveRequest`. */
function multipart(body: Json, files: Upload[] = []) {
  const fd = new FormData();
  for (const f of files) fd.append('files', new Blob([new Uint8Array(f.content)]), f.name);
  fd.append('projectLeaveRequest', new Blob([JSON.stringify(body)], { type: 'application/json' }), 'blob');
  return fd;
}

/** Calls by full url (`${BASE}/…`, `${LIST}…`). */
const { call: send, importFile: importForm } = leaveApi(() => t, BASE);
const createRaw = (body: Json, files: Upload[] = [], user = 'hr', path = 'create-v2') => send(user, 'POST', `${BASE}/${path}`, multipart(body, files));
const editRaw = (body: Json, files: Upload[] = [], user = 'hr') => send(user, 'PUT', `${BASE}/edit-v2`, multipart(body, files));

async function create(over: Json = {}, files: Upload[] = []): Promise<number[]> {
  const { status, body } = await createRaw(request(over), files);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.map((d: Json) => d.id);
}

async function detail(user: string, username: string) {
  return send(user, 'GET', `${BASE}/employees?employeeId=${t.fixture.employeeIds[username]}`);
}
async function rowOf(id: number, username = 'staff'): Promise<Json | undefined> {
  const { body } = await detail('hr', username);
  return body.data.projectLeaves.find((r: Json) => r.id === id);
}
async function listOf(user: string, query = '') {
  const { status, body } = await send(user, 'GET', `${LIST}?size=500${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { data: Json[]; page: Json };
}
const count = async (table: string) => Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n);
const countRows = async () =>
  Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from leave_fund_rows where fund_type = 'project_leave'`))[0]!.n);

/** A row as if granted earlier (dates may be in the past), with its GRANT entry. */
async function insertRow(username: string, days: number, applyDate: string, expireDate: string, projectId = t.fixture.projectId): Promise<number> {
  const employeeId = t.fixture.employeeIds[username]!;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into leave_fund_rows (employee_id, fund_type, amount, apply_date, expire_date, project_id)
        values (${employeeId}, 'project_leave', ${days}, ${applyDate}, ${expireDate}, ${projectId}) returning id`,
  );
  await t.db.execute(sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date) values (${employeeId}, ${row!.id}, ${days}, 'GRANT', ${applyDate})`);
  return row!.id;
}
const useDays = (id: number, username: string, days: number, date = today) =>
  t.db.execute(sql`insert into leave_ledger (employee_id, fund_row_id, amount, cause, entry_date, cause_ref)
                   values (${t.fixture.employeeIds[username]!}, ${id}, ${-days}, 'USE', ${date}, 'test')`);

let otherProjectId: number;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await approvePeriodEnding(t.db, t.fixture.companyId, addDays(LOCK, -29), LOCK);
  // P2: managed by `other`, with staff and staff2 as members; pm does not manage it.
  const [p2] = await t.db.insert(projects).values({ projectCode: 'P2', projectName: 'Project Two', pmEmployeeId: t.fixture.employeeIds.other }).returning();
  otherProjectId = p2!.id;
  await t.db.insert(projectMembers).values([
    { projectId: otherProjectId, employeeId: t.fixture.employeeIds.staff! },
    { projectId: otherProjectId, employeeId: t.fixture.employeeIds.staff2! },
  ]);
});
afterAll(() => t.close());

describe('access (RULES.md §2, spec 000 §6)', () => {
  it('lets leads, privileged users and PMs read; staff and guests get 403', async () => {
    expect((await send(null, 'GET', LIST)).status).toBe(401);
    for (const user of ['staff', 'guest']) expect((await send(user, 'GET', LIST)).status).toBe(403);
    for (const user of ['hr', 'hrm', 'admin', 'dl', 'gl', 'pm']) expect((await send(user, 'GET', LIST)).status).toBe(200);
  });

  it('lets only HR, HRM and Admin write, read history and import', async () => {
    for (const user of ['dl', 'gl', 'pm', 'staff']) {
      expect((await createRaw(request(), [], user)).status).toBe(403);
      expect((await send(user, 'PUT', `${BASE}/update-status`, { id: 1 })).status).toBe(403);
      expect((await send(user, 'GET', `${BASE}/history?id=1`)).status).toBe(403);
      expect((await send(user, 'GET', `${BASE}/template`)).status).toBe(403);
    }
    expect((await createRaw(request({ usernames: ['staff4'] }), [], 'hrm')).status).toBe(200);
    expect((await createRaw(request({ usernames: ['staff4'] }), [], 'admin', 'batch-create')).status).toBe(200);
  });
});

describe('create validation (spec 000 §5, exact texts)', () => {
  it.each<[string, Json, string]>([
    ['no project', { projectId: null }, M.projectRequired],
    ['unknown project', { projectId: 999999 }, M.projectNotFound],
    ['no staff', { usernames: [] }, M.staffRequired],
    ['staff missing', { usernames: undefined }, M.staffRequired],
    ['unknown staff', { usernames: ['nobody'] }, M.staffNotFound('nobody')],
    ['staff not a member of the project', { usernames: ['staff', 'staff2'] }, M.notMember('staff2', 'P1')],
    ['leave day missing', { leaveDay: null }, M.leaveDayRequired],
    ['leave day empty', { leaveDay: '' }, M.leaveDayRequired],
    ['leave day not a number', { leaveDay: 'two' }, M.leaveDayInvalid],
    ['leave day 0', { leaveDay: 0 }, M.leaveDayRange],
    ['leave day negative', { leaveDay: -1 }, M.leaveDayRange],
    ['leave day above 31', { leaveDay: 31.001 }, M.leaveDayRange],
    ['leave day with 4 decimals', { leaveDay: 1.1355 }, M.leaveDayDecimals],
    ['apply date missing', { applyDate: '' }, M.applyDateRequired],
    ['expire date missing', { expireDate: null }, M.expireDateRequired],
    ['apply date not DD/MM/YYYY', { applyDate: addDays(today, 1) }, M.invalidDate],
    ['apply after expire', { applyDate: day(10), expireDate: day(9) }, M.applyAfterExpire],
    ['apply date on the lock date', { applyDate: toDmy(LOCK) }, M.applyDateLocked(toDmy(LOCK)!)],
    ['expire before today', { applyDate: day(-3), expireDate: day(-1) }, M.expireBeforeToday],
  ])('%s', async (_name, over, message) => {
    const before = await countRows();
    const { status, body } = await createRaw(request(over));
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body).toMatchObject({ code: 400, message, data: null });
    expect(await countRows()).toBe(before);
  });

  it('lists every failing rule in the form order, project first', async () => {
    const { body } = await createRaw(request({ projectId: null, usernames: [], leaveDay: 40 }));
    expect(body.messages).toEqual([M.projectRequired, M.staffRequired, M.leaveDayRange]);
  });

  it('accepts 31 days and 3 decimals, and the limits of the dates', async () => {
    await create({ leaveDay: 31, applyDate: toDmy(addDays(LOCK, 1)), expireDate: day(0) });
    await create({ leaveDay: '1.135' });
  });

  it('refuses a missing or broken request part', async () => {
    const fd = new FormData();
    fd.append('files', new Blob([PDF]), 'a.pdf');
    expect((await send('hr', 'POST', `${BASE}/create`, fd)).body.message).toBe(M.requestRequired);
    const broken = new FormData();
    broken.append('projectLeaveRequest', new Blob(['{not json']), 'blob');
    expect((await send('hr', 'POST', `${BASE}/create`, broken)).body.message).toBe(M.requestInvalid);
  });
});

describe('create with attachments (spec 000 §5 Attachments, §7)', () => {
  it('grants one row per member, stores each upload once and links it to every row', async () => {
    const filesBefore = await count('stored_files');
    const { status, body } = await createRaw(request({ usernames: ['staff', 'staff4', 'STAFF'], leaveDay: 1.5 }), [
      { name: 'approval.pdf', content: PDF },
      { name: 'screen.png', content: PNG },
    ]);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toHaveLength(2);
    expect(body.data.map((d: Json) => d.message).sort()).toEqual([M.created('staff'), M.created('staff4')]);
    expect(body.data.every((d: Json) => d.code === 200)).toBe(true);
    expect(await count('stored_files')).toBe(filesBefore + 2);

    const [staffRowId, staff4RowId] = body.data.map((d: Json) => d.id);
    const row = await rowOf(staffRowId);
    expect(row).toMatchObject({
      employee: { id: t.fixture.employeeIds.staff, name: 'Son Staff', user_name: 'staff' },
      project: { projectId: t.fixture.projectId, projectCode: 'P1', projectName: 'Project One' },
      leaveDay: 1.5,
      used: 0,
      expired: 0,
      remaining: 1.5,
      applyDate: day(1),
      expireDate: day(60),
      version: 1,
      canEdit: true,
      canRemove: true,
    });
    expect(row!.attachFilePaths.map((f: Json) => f.fileName)).toEqual(['approval.pdf', 'screen.png']);
    expect(row!.attachFilePaths[0].filePath).toMatch(/^ProjectLeave\/[0-9a-f-]{36}\.pdf$/);
    const other = await rowOf(staff4RowId, 'staff4');
    expect(other!.attachFilePaths.map((f: Json) => f.filePath)).toEqual(row!.attachFilePaths.map((f: Json) => f.filePath));

    const ledger = await queryRows<{ amount: string; cause: string }>(t.db, sql`select amount::text, cause from leave_ledger where fund_row_id = ${staffRowId}`);
    expect(ledger).toEqual([{ amount: '1.500', cause: 'GRANT' }]);
    const history = await send('hr', 'GET', `${BASE}/history?id=${staffRowId}`);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({ action: 'CREATE', createdBy: { username: 'hr' } });
    expect(history.body.data[0].changes).toContainEqual({ field: 'attachFiles', oldValue: null, newValue: ['approval.pdf', 'screen.png'] });
    expect(history.body.data[0].changes).toContainEqual({ field: 'leaveDay', oldValue: null, newValue: 1.5 });
  });

  it.each<[string, Upload, number, string]>([
    ['an extension outside the list', { name: 'tool.exe', content: Buffer.from('MZ') }, 415, M.attachWrongFormat],
    ['content that does not match the extension', { name: 'fake.pdf', content: PNG }, 415, M.attachWrongFormat],
    ['a file over 5 MB', { name: 'big.txt', content: Buffer.alloc(5_242_881, 0x61) }, 413, M.attachTooLarge],
  ])('refuses %s and writes nothing', async (_name, file, status, message) => {
    const rows = await countRows();
    const files = await count('stored_files');
    const res = await createRaw(request(), [{ name: 'ok.txt', content: TXT }, file]);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await countRows()).toBe(rows);
    expect(await count('stored_files')).toBe(files);
  });

  it('accepts a file of exactly 5 MB', async () => {
    await create({}, [{ name: 'exact.txt', content: Buffer.alloc(5_242_880, 0x61) }]);
  });
});

describe('download (RULES.md §1, §3)', () => {
  let rowId: number | undefined;
  let files: Json[];
  beforeAll(async () => {
    [rowId] = await create({ usernames: ['staff'] }, [
      { name: 'Biên bản.pdf', content: PDF },
      { name: 'note.txt', content: TXT },
    ]);
    files = (await rowOf(rowId!))!.attachFilePaths;
  });

  it('sends the file as an attachment with nosniff, by path or by id', async () => {
    const byPath = await send('hr', 'GET', `${BASE}/download-attach-file?filePath=${encodeURIComponent(files[0]!.filePath)}`);
    expect(byPath.status).toBe(200);
    expect(byPath.res.headers['content-disposition']).toContain('attachment;');
    expect(byPath.res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Biên bản.pdf')}`);
    expect(byPath.res.headers['x-content-type-options']).toBe('nosniff');
    expect(byPath.res.headers['content-type']).toBe('application/pdf');
    expect(byPath.res.rawPayload.equals(PDF)).toBe(true);
    const byId = await send('hr', 'GET', `${BASE}/download-attach-file?id=${files[1]!.id}`);
    expect(byId.status).toBe(200);
    expect(byId.res.rawPayload.toString()).toBe(TXT.toString());
  });

  it('serves the PM of the project and the leads of the staff; 404 outside the scope', async () => {
    const url = `${BASE}/download-attach-file?filePath=${encodeURIComponent(files[0]!.filePath)}`;
    for (const user of ['pm', 'gl', 'dl']) expect((await send(user, 'GET', url)).status, user).toBe(200);
    const [staff4Row] = await create({ usernames: ['staff4'] }, [{ name: 'dep3.pdf', content: PDF }]);
    const staff4File = (await rowOf(staff4Row!, 'staff4'))!.attachFilePaths[0];
    const outside = await send('gl', 'GET', `${BASE}/download-attach-file?id=${staff4File.id}`);
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe(M.fileNotFound);
    expect((await send('pm', 'GET', `${BASE}/download-attach-file?id=${staff4File.id}`)).status).toBe(200);
  });

  it('answers 404 for an unknown path, another folder, or a file of a removed row; 400 without a reference', async () => {
    expect((await send('hr', 'GET', `${BASE}/download-attach-file?filePath=ProjectLeave/nothing.pdf`)).status).toBe(404);
    expect((await send('hr', 'GET', `${BASE}/download-attach-file?filePath=Other/${files[0]!.filePath.split('/')[1]}`)).status).toBe(404);
    expect((await send('hr', 'GET', `${BASE}/download-attach-file`)).status).toBe(400);
    const [gone] = await create({}, [{ name: 'gone.txt', content: TXT }]);
    const goneFile = (await rowOf(gone!))!.attachFilePaths[0];
    expect((await send('hr', 'PUT', `${BASE}/update-status`, { id: gone })).status).toBe(200);
    expect((await send('hr', 'GET', `${BASE}/download-attach-file?id=${goneFile.id}`)).status).toBe(404);
  });
});

describe('edit (spec 000 §4, §7)', () => {
  it('keeps the retained files, unlinks the dropped one, adds new ones and moves the version', async () => {
    const [id] = await create({ leaveDay: 3 }, [
      { name: 'keep.pdf', content: PDF },
      { name: 'drop.txt', content: TXT },
    ]);
    const row = (await rowOf(id!))!;
    const files = await count('stored_files');
    const { status, body } = await editRaw(
      { ...request({ leaveDay: 4.25, expireDate: day(90) }), id, version: row.version, attachFilePaths: [row.attachFilePaths[0]] },
      [{ name: 'new.png', content: PNG }],
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ code: 200, message: M.updated, data: [{ code: 200, message: M.updated, id, version: 2 }] });
    expect(await count('stored_files')).toBe(files + 1);

    const after = (await rowOf(id!))!;
    expect(after).toMatchObject({ leaveDay: 4.25, remaining: 4.25, expireDate: day(90), version: 2 });
    expect(after.attachFilePaths.map((f: Json) => f.fileName)).toEqual(['keep.pdf', 'new.png']);
    // The dropped file is unlinked, not deleted: the row's history still names it.
    const dropped = row.attachFilePaths[1];
    expect((await send('hr', 'GET', `${BASE}/download-attach-file?id=${dropped.id}`)).status).toBe(404);
    expect(await queryRows(t.db, sql`select id from stored_files where id = ${dropped.id}`)).toHaveLength(1);

    const history = (await send('hr', 'GET', `${BASE}/history?id=${id}`)).body.data;
    expect(history.map((h: Json) => h.action)).toEqual(['UPDATE', 'CREATE']);
    expect(history[0].changes).toEqual([
      { field: 'leaveDay', oldValue: 3, newValue: 4.25 },
      { field: 'expireDate', oldValue: day(60), newValue: day(90) },
      { field: 'attachFiles', oldValue: ['keep.pdf', 'drop.txt'], newValue: ['keep.pdf', 'new.png'] },
    ]);
    const ledger = await queryRows<{ amount: string; cause: string }>(t.db, sql`select amount::text, cause from leave_ledger where fund_row_id = ${id} order by id`);
    expect(ledger).toEqual([
      { amount: '3.000', cause: 'GRANT' },
      { amount: '1.250', cause: 'ADJUST' },
    ]);
  });

  it('an attachment-only change moves the version too; a stale version is 409; no change writes nothing', async () => {
    const [id] = await create({}, [{ name: 'one.pdf', content: PDF }]);
    const fresh = await editRaw({ ...request(), id, version: 1 }, [{ name: 'two.txt', content: TXT }]);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data[0].version).toBe(2);
    expect((await rowOf(id!))!.attachFilePaths).toHaveLength(2);
    const stale = await editRaw({ ...request({ leaveDay: 5 }), id, version: 1 });
    expect(stale.status).toBe(409);
    const same = await editRaw({ ...request(), id, version: 2 });
    expect(same.body.data[0].version).toBe(2);
    expect((await send('hr', 'GET', `${BASE}/history?id=${id}`)).body.data).toHaveLength(2);
  });

  it('refuses another project, fewer days than used, an expired row and a row outside the scope', async () => {
    const [id] = await create({ leaveDay: 3, applyDate: day(0) });
    await useDays(id!, 'staff', 2);
    const project = await editRaw({ ...request({ projectId: otherProjectId, applyDate: day(0) }), id, version: 1 });
    expect(project.body.message).toBe(M.projectChanged);
    const below = await editRaw({ ...request({ leaveDay: 1.5, applyDate: day(0) }), id, version: 1 });
    expect(below.status).toBe(400);
    expect(below.body.message).toBe(M.leaveDayBelowUsed('2'));
    expect((await editRaw({ ...request({ leaveDay: 2, applyDate: day(0) }), id, version: 1 })).status).toBe(200);

    const expired = await insertRow('staff', 2, addDays(today, -60), addDays(today, -1));
    const res = await editRaw({ ...request(), id: expired, version: 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.expired);
    expect((await editRaw({ ...request(), id: 99999999, version: 1 })).status).toBe(404);
  });

  it('keeps the apply date and days of a row applied on or before the lock date', async () => {
    const id = await insertRow('staff', 2, addDays(LOCK, -5), addDays(today, 30));
    const res = await editRaw({ ...request({ leaveDay: 3, applyDate: toDmy(addDays(LOCK, -5)), expireDate: day(30) }), id, version: 1 });
    expect(res.body.messages).toEqual([M.lockedLeaveDay]);
    expect((await editRaw({ ...request({ leaveDay: 2, applyDate: toDmy(addDays(LOCK, -5)), expireDate: day(40) }), id, version: 1 })).status).toBe(200);
  });
});

describe('remove (spec 000 §4: nothing used and not expired)', () => {
  it('removes an unused row, keeping it for its ledger and history', async () => {
    const [id] = await create();
    expect((await send('hr', 'PUT', `${BASE}/update-status`, { id, version: 2 })).status).toBe(409);
    const { status, body } = await send('hr', 'PUT', `${BASE}/update-status`, { id, version: 1 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, message: M.deleted, data: { id } });
    expect(await rowOf(id!)).toBeUndefined();
    const history = (await send('hr', 'GET', `${BASE}/history?id=${id}`)).body.data;
    expect(history.map((h: Json) => h.action)).toEqual(['DELETE', 'CREATE']);
    const sum = await queryRows<{ s: string }>(t.db, sql`select sum(amount)::text as s from leave_ledger where fund_row_id = ${id}`);
    expect(Number(sum[0]!.s)).toBe(0);
    expect((await send('hr', 'PUT', `${BASE}/update-status`, { id })).status).toBe(404);
  });

  it('refuses a used row, an expired row and a row applied on or before the lock date', async () => {
    const [used] = await create({ applyDate: day(0) });
    await useDays(used!, 'staff', 0.5);
    const expired = await insertRow('staff', 1, addDays(today, -30), addDays(today, -2));
    const locked = await insertRow('staff', 1, LOCK, addDays(today, 30));
    for (const [id, message] of [
      [used, M.notRemovable],
      [expired, M.notRemovable],
      [locked, M.lockedRemove],
    ] as const) {
      const res = await send('hr', 'PUT', `${BASE}/update-status`, { id });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
    }
    const flags = (await detail('hr', 'staff')).body.data.projectLeaves.filter((r: Json) => [used, expired, locked].includes(r.id));
    expect(flags.map((r: Json) => [r.id, r.canEdit, r.canRemove]).sort()).toEqual(
      [
        [used, true, false],
        [expired, false, false],
        [locked, true, false],
      ].sort(),
    );
  });
});

describe('list, totals and scope (RULES.md §3)', () => {
  let p2Row: number | undefined;
  beforeAll(async () => {
    // staff2 on P2 only; staff on P2 too; staff3 (a member of nothing) gets a hand-made P1 row.
    await create({ projectId: otherProjectId, usernames: ['staff2'], leaveDay: 2 });
    [p2Row] = await create({ projectId: otherProjectId, usernames: ['staff'], leaveDay: 7 });
    await insertRow('staff3', 1, addDays(today, -10), addDays(today, 10));
  });

  it('sums each employee’s rows in days: granted, used, expired, remaining', async () => {
    const employeeId = t.fixture.employeeIds.staff3!;
    const expired = await insertRow('staff3', 2.5, addDays(today, -100), addDays(today, -1));
    await useDays(expired, 'staff3', 0.75, addDays(today, -50));
    const rowId = await insertRow('staff3', 1.125, addDays(today, -5), addDays(today, 20));
    await useDays(rowId, 'staff3', 0.125);
    const row = (await listOf('hr', `&employee=${employeeId}`)).data;
    expect(row).toEqual([
      {
        employeeId,
        fullNameStaff: 'Sinh Third',
        userName: 'staff3',
        division: 'Division One',
        department: 'Department Two',
        totalLeaveDay: 4.625,
        totalUsed: 0.875,
        totalExpired: 1.75,
        totalRemain: 2,
      },
    ]);
    const header = (await detail('hr', 'staff3')).body.data;
    expect(header).toMatchObject({ totalLeaveDay: 4.625, totalUsed: 0.875, totalExpired: 1.75, totalRemain: 2 });
    expect(header.projectLeaves.find((r: Json) => r.id === expired)).toMatchObject({ leaveDay: 2.5, used: 0.75, expired: 1.75, remaining: 0 });
  });

  it('filters by division and department and pages by name', async () => {
    const all = await listOf('hr');
    expect(all.data.map((r) => r.fullNameStaff)).toEqual([...all.data.map((r) => r.fullNameStaff)].sort((a, b) => a.localeCompare(b)));
    const dep3 = await listOf('hr', `&department=${t.fixture.departments.dep3}`);
    expect(new Set(dep3.data.map((r) => r.userName))).toEqual(new Set(['staff4']));
    const div1 = await listOf('hr', `&division=${t.fixture.divisions.div1}`);
    expect(new Set(div1.data.map((r) => r.userName))).toEqual(new Set(['staff', 'staff2', 'staff3']));
    const page = await send('hr', 'GET', `${LIST}?page=2&size=1`);
    expect(page.body.page).toEqual({ page: 2, size: 1, total_element: all.data.length });
    expect(page.body.data[0].employeeId).toBe(all.data[1]!.employeeId);
  });

  it('shows a PM only the rows of the projects they manage', async () => {
    const seen = await listOf('pm');
    expect(new Set(seen.data.map((r) => r.userName))).toEqual(new Set(['staff', 'staff4', 'staff3']));
    const staff = (await detail('pm', 'staff')).body.data;
    expect(staff.projectLeaves.length).toBeGreaterThan(0);
    expect(staff.projectLeaves.every((r: Json) => r.project.projectCode === 'P1')).toBe(true);
    expect(staff.projectLeaves.some((r: Json) => r.id === p2Row)).toBe(false);
    expect(staff.projectLeaves.every((r: Json) => !r.canEdit && !r.canRemove)).toBe(true);
    const hrTotal = (await detail('hr', 'staff')).body.data.totalLeaveDay;
    expect(staff.totalLeaveDay).toBe(Math.round((hrTotal - 7) * 1000) / 1000);
    expect((await detail('pm', 'staff2')).status).toBe(404);
  });

  it('shows a group lead their department and a division lead their division; 404 outside', async () => {
    expect(new Set((await listOf('gl')).data.map((r) => r.userName))).toEqual(new Set(['staff', 'staff2']));
    expect(new Set((await listOf('dl')).data.map((r) => r.userName))).toEqual(new Set(['staff', 'staff2', 'staff3']));
    const res = await detail('gl', 'staff4');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(M.employeeNotFound);
    expect((await detail('gl', 'staff')).body.data.projectLeaves.some((r: Json) => r.id === p2Row)).toBe(true);
    expect((await send('hr', 'GET', `${BASE}/employees?employeeId=99999999`)).status).toBe(404);
  });

  it('answers an employee in scope without rows with zero totals', async () => {
    const res = await detail('hr', 'hrm');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fullNameStaff: 'Hung Manager', totalLeaveDay: 0, totalUsed: 0, totalExpired: 0, totalRemain: 0, projectLeaves: [] });
  });
});

describe('history', () => {
  it('is 404 for an unknown row', async () => {
    expect((await send('hr', 'GET', `${BASE}/history?id=99999999`)).status).toBe(404);
  });
});

describe('import and template (RULES.md §1: all or nothing)', () => {
  const xlsx = (rows: (string | number | Date | null)[][], headers: string[] = Object.values(COLS)) => xlsxFile('Project Leave', headers, rows);
  const importFile = (content: Buffer, user = 'hr', name = 'project-leave.xlsx') => importForm(fileUpload('file', content, name), user);

  it('downloads the template with the five columns', async () => {
    const res = await send('hr', 'GET', `${BASE}/template`);
    expect(res.status).toBe(200);
    expect(res.res.headers['content-disposition']).toContain(PROJECT_LEAVE_TEMPLATE_FILE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.res.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(Object.values(COLS));
  });

  it('grants every row of a good file', async () => {
    const before = await countRows();
    const res = await importFile(await xlsx([
      ['staff', 'p1', 1.25, day(1), day(30)],
      ['staff4', 'P1', '2', day(2), day(40)],
    ]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.code).toBe('200');
    expect(res.json()).toMatchObject({ data: { count: 2 }, message: M.imported });
    expect(await countRows()).toBe(before + 2);
  });

  it('writes nothing when a row is bad and answers the error report', async () => {
    const before = await countRows();
    const res = await importFile(await xlsx([
      ['staff', 'P1', 1, day(1), day(30)],
      ['staff2', 'P1', 1, day(1), day(30)],
      ['staff', 'NOPE', 40, day(1), day(30)],
      ['', '', '', '', ''],
    ]));
    expect(res.headers.code).toBe('400');
    expect(res.headers['content-disposition']).toContain(PROJECT_LEAVE_RESULT_FILE);
    expect(await countRows()).toBe(before);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const errorColumn = (sheet.getRow(1).values as unknown[]).indexOf('Error');
    const errorOf = (r: number) => String(sheet.getRow(r).getCell(errorColumn).value ?? '');
    expect(errorOf(2)).toBe('');
    expect(errorOf(3)).toContain(M.notMember('staff2', 'P1'));
    expect(errorOf(4)).toContain(M.projectNotFoundCode('NOPE'));
    expect(errorOf(4)).toContain(M.leaveDayRange);
  });

  it('refuses a file without the template columns', async () => {
    const res = await importFile(await xlsx([['staff', 1]], ['Username', 'Leave Day']));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.importMissingColumn(COLS.projectCode));
  });
});
