import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { connectionHistory, history, notifications } from '../db/schema/platform.ts';
import { createTestDatabase } from '../test/database.ts';
import { logConnectionError } from './connection-history.ts';
import { formatInstant } from './dates.ts';
import { diffFields, listHistory, recordHistory } from './history.ts';
import { notify } from './notify.ts';
import { dbFailure } from '../test/db-failure.ts';

const TZ = 'Asia/Ho_Chi_Minh';
const hr = { userId: 2, username: 'hr', name: 'Human Resources' };
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());


describe('diffFields', () => {
  it('lists every non-null field of a new record as a change from null', () => {
    expect(diffFields(null, { leaveHour: 8, description: null, applyDate: '2026-11-26', ignored: 1 }, ['leaveHour', 'description', 'applyDate'])).toEqual([
      { field: 'leaveHour', oldValue: null, newValue: 8 },
      { field: 'applyDate', oldValue: null, newValue: '2026-11-26' },
    ]);
  });

  it('lists only the fields whose JSON text changed', () => {
    const before = { leaveHour: 8, note: 'a', tags: ['x'], at: new Date('2026-01-01T00:00:00Z'), gone: undefined, other: 1 };
    const after = { leaveHour: 8.5, note: 'a', tags: ['x'], at: '2026-01-01T00:00:00.000Z', gone: null, other: 2 };
    expect(diffFields(before, after, ['leaveHour', 'note', 'tags', 'at', 'gone'])).toEqual([{ field: 'leaveHour', oldValue: 8, newValue: 8.5 }]);
    expect(diffFields({ tags: ['x'] }, { tags: ['x', 'y'] }, ['tags'])).toEqual([{ field: 'tags', oldValue: ['x'], newValue: ['x', 'y'] }]);
    expect(diffFields({ v: '1' }, { v: 1 }, ['v'])).toEqual([{ field: 'v', oldValue: '1', newValue: 1 }]);
    expect(diffFields({ v: 'x' }, { v: null }, ['v'])).toEqual([{ field: 'v', oldValue: 'x', newValue: null }]);
  });
});

describe('recordHistory and listHistory', () => {
  it('writes entries in the caller transaction and lists them newest first in the API shape', async () => {
    const db = database.db;
    await db.transaction(async (tx) => {
      await recordHistory(tx, { tableName: 'priority_leaves', recordId: 41, employeeId: 5, action: 'CREATE', changes: diffFields(null, { leaveHour: 8 }, ['leaveHour']), newRecord: { id: 41, leaveHour: 8 }, by: hr });
    });
    await db.transaction(async (tx) => {
      await recordHistory(tx, {
        tableName: 'priority_leaves',
        recordId: 41,
        employeeId: 5,
        action: 'UPDATE',
        changes: diffFields({ leaveHour: 8 }, { leaveHour: 4 }, ['leaveHour']),
        newRecord: { id: 41, leaveHour: 4, applyDate: new Date('2026-11-26T00:00:00Z') },
        by: hr,
      });
    });
    await recordHistory(db, { tableName: 'priority_leaves', recordId: 99, action: 'DELETE', changes: [], newRecord: null, by: hr });

    const entries = await listHistory(db, 'priority_leaves', 41, TZ);
    expect(entries.map((e) => e.action)).toEqual(['UPDATE', 'CREATE']);
    const [update] = entries;
    expect(update).toEqual({
      id: expect.any(Number),
      action: 'UPDATE',
      changes: [{ field: 'leaveHour', oldValue: 8, newValue: 4 }],
      new_record: { id: 41, leaveHour: 4, applyDate: '2026-11-26T00:00:00.000Z' },
      createdBy: { username: 'hr', name: 'Human Resources' },
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      createdDateFormat: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/),
    });
    expect(update!.createdDateFormat).toBe(formatInstant(update!.createdDate, TZ));
    expect(entries[0]!.id).toBeGreaterThan(entries[1]!.id);
    const [stored] = await db.select().from(history).where(eq(history.id, update!.id));
    expect(stored).toMatchObject({ employeeId: 5, createdByUserId: 2, tableName: 'priority_leaves', recordId: 41 });
  });

  it('keeps no entry when the change is rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordHistory(tx, { tableName: 'rolled_back', recordId: 1, action: 'CREATE', changes: [], newRecord: {}, by: hr });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(await listHistory(database.db, 'rolled_back', 1, TZ)).toEqual([]);
  });

  it('is append-only: UPDATE, DELETE and TRUNCATE of history fail', async () => {
    const db = database.db;
    await recordHistory(db, { tableName: 'locked', recordId: 1, action: 'CREATE', changes: [], newRecord: {}, by: hr });
    // PGlite: the trigger refuses; on a server the serving role has no such privilege (db/history-role.test.ts).
    const refused = /history is append-only|permission denied for table history/;
    expect(await dbFailure(() => db.execute(sql`update history set action = 'DELETE' where table_name = 'locked'`))).toMatch(refused);
    expect(await dbFailure(() => db.execute(sql`delete from history where table_name = 'locked'`))).toMatch(refused);
    expect(await dbFailure(() => db.execute(sql`truncate history`))).toMatch(refused);
    expect(await dbFailure(() => db.update(history).set({ createdByName: 'someone else' }).where(eq(history.tableName, 'locked')))).toMatch(refused);
    const entries = await listHistory(db, 'locked', 1, TZ);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.createdBy.name).toBe('Human Resources');
  });
});

describe('notify and logConnectionError', () => {
  it('adds an unread notification for the user', async () => {
    const id = await notify(database.db, { userId: 7, type: 'CALCULATION_FINISHED', title: 'Calculate working day finished', link: '/timesheet' });
    const [row] = await database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ userId: 7, notificationType: 'CALCULATION_FINISHED', title: 'Calculate working day finished', body: null, link: '/timesheet', isRead: false });
  });

  it('records an integration error', async () => {
    const id = await logConnectionError(database.db, { source: 'device', code: 'UNKNOWN_ACCOUNT', errorDetails: 'SPEEDGATE account 17 is not mapped' });
    const [row] = await database.db.select().from(connectionHistory).where(eq(connectionHistory.id, id));
    expect(row).toMatchObject({ source: 'device', code: 'UNKNOWN_ACCOUNT', errorDetails: 'SPEEDGATE account 17 is not mapped' });
    expect(row!.dateTime).toBeInstanceOf(Date);
  });

  it('records outside text with its unprintable characters escaped, which the database would otherwise refuse', async () => {
    // Issue 22 §4: a NUL quoted from a device line or a mail server's reply made the insert fail.
    const details = `Mail 3 to a@b.c: 550 bad\u0000reply\u001b[31m ${'x'.repeat(3957)}\ud83d\ude42`;
    const id = await logConnectionError(database.db, { source: 'mail', code: 'E\u0000', errorDetails: details });
    const [row] = await database.db.select().from(connectionHistory).where(eq(connectionHistory.id, id));
    expect(row!.code).toBe('E\\x00');
    expect(row!.errorDetails.startsWith('Mail 3 to a@b.c: 550 bad\\x00reply\\x1b[31m xxx')).toBe(true);
    // Cut at the column's 4,000 characters without splitting the emoji's surrogate pair.
    expect(row!.errorDetails).toHaveLength(3999);
  });
});
