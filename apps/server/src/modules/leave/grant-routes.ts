import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Role } from '@tms/contracts/roles';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import type { Bilingual, HeaderTexts } from '@tms/contracts/file-headers';
import { recordDeleteParamsSchema, recordDeleteQuerySchema, recordDeleteResponseSchema, recordHistoryQuerySchema, recordHistoryResponseSchema } from '@tms/contracts/leave-forms';
import { buildXlsxBuffer, readImportUpload, sendImportErrorReport, sendImportSuccess, sendXlsxBuffer, type CellValue, type ImportRow, type XlsxColumn } from '../../lib/xlsx.ts';
import type { HistoryEntryDto } from '../../lib/history.ts';
import { requireUser, type SessionUser } from '../../plugins/auth.ts';

/**
 * The calls of a leave grant tab (spec 000 §7: list, create, update, delete, history, template, import under one
 * path), declared once for Bonus Leave and Leave Carryover: the same roles rule (list for the tab's readers, the rest
 * for HR, HRM and Admin — spec 000 §6, History included per §4), the same envelopes and the same import answer
 * (header `code: 200` + JSON count, or header `code: 400` + the xlsx error report, spec 000 §8). Each area brings its
 * schemas, texts and service.
 */
export type GrantRoutesSpec<ListQuery extends z.ZodTypeAny, Create extends z.ZodTypeAny, Update extends z.ZodTypeAny> = {
  path: string;
  tags: string[];
  readers: readonly Role[];
  writers: readonly Role[];
  messages: { created: string; updated: string; deleted: string; imported: string };
  schemas: {
    listQuery: ListQuery;
    listResponse: z.ZodTypeAny;
    create: Create;
    createResponse: z.ZodTypeAny;
    update: Update;
    updateResponse: z.ZodTypeAny;
  };
  service: {
    list(user: SessionUser, query: z.output<ListQuery>): Promise<object>;
    create(user: SessionUser, body: z.output<Create>): Promise<unknown>;
    update(user: SessionUser, body: z.output<Update>): Promise<unknown>;
    remove(user: SessionUser, id: number, version: number | undefined): Promise<unknown>;
    history(user: SessionUser, id: number): Promise<HistoryEntryDto[]>;
    templateRows(): Iterable<Record<string, CellValue>>;
    importRows(user: SessionUser, upload: { headers: string[]; rows: ImportRow[] }): Promise<{ count: number } | { errors: Map<number, string[]> }>;
  };
  /** `columns` headed in the requester's language; `headers`: the template's headers in both, which an import may use. */
  template: { sheetName: string; columns: () => XlsxColumn[]; headers: Bilingual<HeaderTexts>; fileName: string };
  import: { field: 'file' | 'files'; extensions: readonly string[]; maxRows: number; resultFileName: string };
};

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

export function registerGrantRoutes<ListQuery extends z.ZodTypeAny, Create extends z.ZodTypeAny, Update extends z.ZodTypeAny>(
  fastify: FastifyInstance,
  spec: GrantRoutesSpec<ListQuery, Create, Update>,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { path: P, tags, readers, writers, messages: M, schemas: S, service } = spec;

  app.get(
    P,
    { config: { access: readers, scope: 'employee-scope' }, schema: { tags, querystring: S.listQuery, response: { 200: S.listResponse, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await service.list(requireUser(request), request.query as z.output<ListQuery>)) }),
  );

  app.post(
    `${P}/create`,
    { config: { access: writers, scope: 'all' }, schema: { tags, body: S.create, response: { 200: S.createResponse, ...errors } } },
    async (request) => ({ code: 200, message: M.created, data: await service.create(requireUser(request), request.body as z.output<Create>) }),
  );

  app.put(
    `${P}/update`,
    { config: { access: writers, scope: 'all' }, schema: { tags, body: S.update, response: { 200: S.updateResponse, ...errors } } },
    async (request) => ({ code: 200, message: M.updated, data: await service.update(requireUser(request), request.body as z.output<Update>) }),
  );

  app.delete(
    `${P}/delete/:id`,
    {
      config: { access: writers, scope: 'all' },
      schema: { tags, params: recordDeleteParamsSchema, querystring: recordDeleteQuerySchema, response: { 200: recordDeleteResponseSchema, ...errors } },
    },
    async (request) => {
      await service.remove(requireUser(request), request.params.id, request.query.version);
      return { code: 200, message: M.deleted, data: { id: request.params.id } };
    },
  );

  app.get(
    `${P}/history`,
    // Spec 000 §4: row actions, History included, exist only for HR, HRM and Admin.
    { config: { access: writers, scope: 'employee-scope' }, schema: { tags, querystring: recordHistoryQuerySchema, response: { 200: recordHistoryResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await service.history(requireUser(request), request.query.id) }),
  );

  app.get(`${P}/template`, { config: { access: writers, scope: 'none' }, schema: { tags } }, async (_request, reply) => {
    const workbook = await buildXlsxBuffer({ sheetName: spec.template.sheetName, columns: spec.template.columns(), rows: service.templateRows() });
    return sendXlsxBuffer(reply, spec.template.fileName, workbook);
  });

  app.post(`${P}/import`, { config: { access: writers, scope: 'all' }, schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const { field, extensions, maxRows, resultFileName } = spec.import;
    const template = spec.template.headers;
    const upload = await readImportUpload(request, { field, extensions, maxRows, template });
    const result = await service.importRows(requireUser(request), upload);
    if ('errors' in result) return sendImportErrorReport(reply, { headers: upload.headers, rows: upload.rows, errors: result.errors, resultFileName, template });
    return sendImportSuccess(reply, { count: result.count, message: M.imported });
  });
}
