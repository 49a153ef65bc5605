import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_MESSAGES as F } from '@tms/contracts/overtime-fixed';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { B, fixedApi, fixedApp, type Json } from './fixed-overtime.test-support.ts';

/** Comments on an overtime request (spec 001 §7.3, §6): add, list, edit and delete by the author only, scope, history. */
let t: TestApp;
const api = fixedApi(() => t);
const { call, create, emp, uid } = api;
let id: number;

beforeAll(async () => {
  t = await fixedApp();
  id = await create('gl');
});
afterAll(async () => {
  await t.close();
});

describe('overtime comments', () => {
  it('whoever sees the request adds (receiver 0 = none) and lists; the receiver is notified; others get 404', async () => {
    const a = await call('pm', 'PUT', `${B}/${id}/0/comment`, { comment: 'Please confirm the window' });
    expect([a.status, a.body.data.comment, a.body.data.receiver, a.body.data.mine]).toEqual([200, 'Please confirm the window', null, true]);
    const b = await call('staff', 'PUT', `${B}/${id}/${emp('pm')}/comment`, { comment: 'Confirmed' });
    expect(b.body.data.receiver.user_name).toBe('pm');
    const notes = await queryRows<{ t: string }>(t.db, sql`select notification_type as t from notifications where user_id = ${uid('pm')} and notification_type = 'COMMENT'`);
    expect(notes).toHaveLength(1);
    const list = await call('gl', 'GET', `${B}/${id}/comments`);
    expect(list.body.data.map((c: Json) => [c.author.user_name, c.comment, c.mine])).toEqual([
      ['pm', 'Please confirm the window', false],
      ['staff', 'Confirmed', false],
    ]);
    expect((await call('staff3', 'GET', `${B}/${id}/comments`)).status).toBe(404);
    expect((await call('staff3', 'PUT', `${B}/${id}/0/comment`, { comment: 'x' })).status).toBe(404);
    expect((await call('pm', 'PUT', `${B}/${id}/0/comment`, { comment: ' ' })).body.message).toBe(F.commentRequired);
    expect((await call('pm', 'PUT', `${B}/${id}/0/comment`, { comment: 'c'.repeat(1001) })).body.message).toBe(F.commentTooLong);
    expect((await call('guest', 'PUT', `${B}/${id}/0/comment`, { comment: 'x' })).status).toBe(403);
  });

  it('only the author edits or deletes (403 otherwise); a deleted comment leaves the list; each write has history', async () => {
    const c = (await call('pm', 'PUT', `${B}/${id}/0/comment`, { comment: 'Draft' })).body.data as Json;
    expect((await call('gl', 'PUT', `${B}/comments/${c.id}`, { comment: 'Hijack' })).status).toBe(403);
    expect((await call('gl', 'DELETE', `${B}/comments/${c.id}`)).status).toBe(403);
    const edited = await call('pm', 'PUT', `${B}/comments/${c.id}`, { comment: 'Final' });
    expect([edited.status, edited.body.data.comment, edited.body.data.last_modified_date !== null]).toEqual([200, 'Final', true]);
    expect((await call('staff3', 'PUT', `${B}/comments/${c.id}`, { comment: 'x' })).status).toBe(404);
    expect((await call('pm', 'DELETE', `${B}/comments/${c.id}`)).status).toBe(200);
    expect((await call('pm', 'DELETE', `${B}/comments/${c.id}`)).status).toBe(404);
    const list = (await call('pm', 'GET', `${B}/${id}/comments`)).body.data as Json[];
    expect(list.map((x) => x.comment)).not.toContain('Final');
    const detail = (await call('pm', 'GET', `${B}/${id}`)).body.data as Json;
    expect(detail.comment).toEqual(['Please confirm the window', 'Confirmed']);
    const history = await queryRows<Json>(t.db, sql`select changes from history where table_name = 'overtime_requests' and record_id = ${id} and action = 'UPDATE' order by id`);
    expect(history.map((h) => h.changes[0].field)).toEqual(['comment', 'comment', 'comment', 'comment', 'comment']);
  });
});
