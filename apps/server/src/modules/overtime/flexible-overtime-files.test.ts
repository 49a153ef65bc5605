import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEXIBLE_MESSAGES as M } from '@tms/contracts/overtime-flexible';
import type { TestApp } from '../../test/harness.ts';
import { fileUpload } from '../../test/leave-api.ts';
import { flexibleApi, flexibleApp, type Json } from './flexible-overtime.test-support.ts';

/**
 * Flexible overtime files (spec 001 §7.3 "Files for flexible"; RULES.md §1, §3), the project role lookup
 * (`GET /tms/filters/project/{id}/role-employee`) and the flexible project list (spec 001 §6).
 */
let t: TestApp;
const { call, create, change } = flexibleApi(() => t);
const PDF = Buffer.from('%PDF-1.4\n% overtime attachment\n');
const F = (id: number) => `/api/tms/overtime-management/v2/${id}`;
const upload = async (user: string, id: number, content: Buffer, name: string) => {
  const res = await t.app.inject({ method: 'POST', url: `${F(id)}/upload`, headers: await t.as(user), payload: fileUpload('file', content, name) as unknown as Json });
  return { status: res.statusCode, body: res.json() as Json };
};

beforeAll(async () => {
  t = await flexibleApp();
}, 120_000);
afterAll(async () => t?.close());

describe('files of a flexible request', () => {
  it('the requester uploads while editable; listed, downloaded as an attachment, deleted; outside the scope 404', async () => {
    const id = await create('staff', { overtimeDate: '10/11/2026' });
    const up = await upload('staff', id, PDF, 'plan.pdf');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const name = up.body.data.name as string;
    expect(up.body.data.original_name).toBe('plan.pdf');
    const list = await call('pm', 'GET', `${F(id)}/get-all-file-upload`);
    expect(list.body.data.map((f: Json) => f.original_name)).toEqual(['plan.pdf']);
    const dl = await call('pm', 'GET', `${F(id)}/download?name=${encodeURIComponent(name)}`);
    expect(dl.status).toBe(200);
    expect(String(dl.res.headers['content-disposition'])).toContain('attachment');
    expect(dl.res.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.res.rawPayload.equals(PDF)).toBe(true);
    expect((await call('staff4', 'GET', `${F(id)}/get-all-file-upload`)).status).toBe(404);
    expect((await call('staff4', 'GET', `${F(id)}/download?name=${name}`)).status).toBe(404);
    expect((await upload('pm', id, PDF, 'pm.pdf')).status).toBe(403);
    expect((await upload('staff', id, Buffer.from('not a pdf'), 'fake.pdf')).status).toBe(415);
    expect((await call('pm', 'DELETE', `${F(id)}/${name}`)).status).toBe(403);
    const del = await call('staff', 'DELETE', `${F(id)}/${name}`);
    expect(del.status).toBe(200);
    expect((await call('staff', 'GET', `${F(id)}/get-all-file-upload`)).body.data).toEqual([]);
    expect((await call('staff', 'DELETE', `${F(id)}/${name}`)).body.message).toBe(M.fileNotFound);
  });

  it('no more changes once the PM approved (the requester is not a PM)', async () => {
    const id = await create('staff', { overtimeDate: '11/11/2026' });
    await change('pm', id, 'approve');
    expect((await upload('staff', id, PDF, 'late.pdf')).status).toBe(403);
  });
});

describe('project role and projects (spec 001 §6, §7.3)', () => {
  const role = (user: string, username?: string) =>
    call(user, 'GET', `/api/tms/filters/project/${t.fixture.projectId}/role-employee${username ? `?username=${username}` : ''}`);
  it('PM, MEMBER or NONE; others than oneself only for HR, HRM, ADMIN or the PM', async () => {
    expect((await role('pm')).body.data).toEqual({ projectId: t.fixture.projectId, username: 'pm', role: 'PM' });
    expect((await role('staff')).body.data.role).toBe('MEMBER');
    expect((await role('gl')).body.data.role).toBe('NONE');
    expect((await role('pm', 'staff4')).body.data.role).toBe('MEMBER');
    expect((await role('hr', 'staff')).body.data.role).toBe('MEMBER');
    expect((await role('staff', 'staff4')).status).toBe(403);
    expect((await call('hr', 'GET', '/api/tms/filters/project/999999/role-employee')).status).toBe(404);
  });

  it('the flexible project list: the projects the caller is a member or the PM of', async () => {
    expect((await call('staff', 'GET', '/flexible-projects')).body.data).toEqual([{ project_id: t.fixture.projectId, project_name: 'Project One', project_code: 'P1', role: 'MEMBER' }]);
    expect((await call('pm', 'GET', '/flexible-projects')).body.data[0].role).toBe('PM');
    expect((await call('gl', 'GET', '/flexible-projects')).body.data).toEqual([]);
  });
});
