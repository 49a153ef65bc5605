import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  PROJECT_LEAVE_ATTACHMENT_EXTENSIONS,
  PROJECT_LEAVE_FILES_FIELD,
  PROJECT_LEAVE_MAX_FILES,
  PROJECT_LEAVE_MESSAGES as M,
  PROJECT_LEAVE_REQUEST_PART,
} from '@tms/contracts/project-leave';
import { badRequest } from '../../lib/errors.ts';
import { readMultipart, type UploadedFile } from '../../lib/uploads.ts';

/**
 * The create and edit calls (spec 000 §7): multipart with repeated `files` and a JSON part `projectLeaveRequest`
 * (sent as a Blob, a text field or an application/json field). A JSON body holding the request itself is accepted
 * too, for a save without attachments. Files are checked as they arrive (RULES.md §1: 413 over 5 MB, 415 for an
 * extension outside the list or content that does not match it, 'Attach file is wrong format').
 */
export async function readProjectLeaveRequest<S extends z.ZodTypeAny>(request: FastifyRequest, schema: S): Promise<{ body: z.infer<S>; files: UploadedFile[] }> {
  let raw: unknown;
  let files: UploadedFile[] = [];
  if (request.isMultipart()) {
    const parts = await readMultipart(request, {
      field: PROJECT_LEAVE_FILES_FIELD,
      extensions: PROJECT_LEAVE_ATTACHMENT_EXTENSIONS,
      multiple: true,
      wrongFormatMessage: M.attachWrongFormat,
    });
    files = parts.files;
    raw = parts.fields[PROJECT_LEAVE_REQUEST_PART]?.[0];
    if (typeof raw === 'string') raw = parseJson(raw);
  } else {
    raw = request.body;
  }
  if (raw === undefined || raw === null) throw badRequest(M.requestRequired);
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(M.requestInvalid);
  if (files.length > PROJECT_LEAVE_MAX_FILES) throw badRequest(M.tooManyFiles);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
    throw badRequest(messages[0] ?? M.requestInvalid, messages);
  }
  return { body: parsed.data, files };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(M.requestInvalid);
  }
}
