import type { RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { zip } from './zip-writer.ts';

/**
 * Issue 22 §4: a 306 KB .xlsx unpacking to 300 MB and a .docx of 3,000 entries were kept as request attachments and
 * handed to whoever downloaded them. Every route that takes a file — attachments of requests, explanations, onsite,
 * overtime, project leave, and the imports — reads it through lib/uploads.ts, which checks the zip limits of
 * RULES.md §1 as the file arrives. This walks every route that declares a multipart body and sends it zip bombs: the
 * answer is 415 before the route's service sees the request (so even an unknown id answers 415, not 404), and
 * nothing is stored.
 */
const CALLERS = ['admin', 'hr', 'hrm', 'staff', 'pm', 'gl', 'dl'];
/** 1,001 entries: over the 1,000 of RULES.md §1, and a few KB — cheap to send to every route. */
const MANY_ENTRIES = zip(Array.from({ length: 1_001 }, (_, i) => ({ name: `word/p${i}.xml`, data: Buffer.from('<p/>'), store: true })));
/** Over 100:1 (4 MB of spaces in a few KB). */
const DENSE = zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(4 * 1024 * 1024, 0x20) }]);

const multipartRoutes: { method: string; url: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (consumes.includes('multipart/form-data')) for (const method of methods) multipartRoutes.push({ method, url: route.url });
    },
  });
});
afterAll(() => t.close());

function bombs(content: Buffer, extension: string): FormData {
  const fd = new FormData();
  // Both field names the app's uploads use; whichever the route reads is a bomb.
  fd.append('file', new Blob([content]), `bomb.${extension}`);
  fd.append('files', new Blob([content]), `bomb.${extension}`);
  return fd;
}

const storedFiles = async () => Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stored_files`))[0]!.n);

describe('every upload route checks the zip limits before its service (issue 22 §4)', () => {
  it('finds the attachment and import routes', () => {
    const urls = multipartRoutes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      // requests, explanations and every other folder of a request's files
      'POST /api/tms/request-management/:folder/:id/upload',
      'POST /api/tms/request-onsite-management/:id/files',
      // fixed overtime: create and edit with files, files of a request; flexible overtime files
      'POST /api/tms/overtime-request',
      'PUT /api/tms/overtime-request',
      'POST /api/tms/request-management/overtime/:id/upload',
      'POST /api/tms/overtime-management/v2/:id/upload',
      'POST /api/tms/leaves-management/project-leave/create',
      'PUT /api/tms/leaves-management/project-leave/edit',
      'POST /api/tms/check-in-out/import-gdc-time-sheet-sync',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it.each([
    ['an xlsx of 1,001 entries', MANY_ENTRIES, 'xlsx'],
    ['a docx of 1,001 entries', MANY_ENTRIES, 'docx'],
    ['a pptx compressed over 100:1', DENSE, 'pptx'],
  ])('answers 415 to %s on every route, and stores nothing', async (_name, content, extension) => {
    const before = await storedFiles();
    const answers: string[] = [];
    for (const route of multipartRoutes) {
      const url = route.url.replace(/:folder/g, 'request').replace(/:[A-Za-z]+/g, '1');
      let status = 0;
      for (const caller of CALLERS) {
        const res = await t.app.inject({ method: route.method as 'POST', url, headers: await t.as(caller), payload: bombs(content, extension) as never });
        status = res.statusCode;
        if (status !== 401 && status !== 403) break;
      }
      answers.push(`${status} ${route.method} ${route.url}`);
    }
    expect(answers.filter((a) => !a.startsWith('415 '))).toEqual([]);
    expect(await storedFiles()).toBe(before);
  });
});
