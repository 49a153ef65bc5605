import { z } from 'zod';

/** RULES.md §1: every answer is `{ code, message, data, page? }`; pages are 1-based, default size 10. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

export const pageInfoSchema = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total_element: z.number().int(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export function pagedEnvelope<T extends z.ZodTypeAny>(item: T) {
  return z.object({ code: z.number().int(), message: z.string(), data: z.array(item), page: pageInfoSchema });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  messages: z.array(z.string()).optional(),
  data: z.null(),
  errorMessage: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Query `page`/`size` as sent by the web (strings) coerced to integers within bounds. */
export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export type Envelope<T> = { code: number; message: string; data: T; page?: PageInfo };

/** Shared formats (RULES.md §1). */
export const DATE_DMY = 'DD/MM/YYYY';
export const DATE_ISO = 'YYYY-MM-DD';
export const TIME_HM = 'HH:mm';

/** Upload limits (RULES.md §1, spec 000 §5). */
export const MAX_UPLOAD_BYTES = 5_242_880;
export const MESSAGES_COMMON = {
  fileTooLarge: 'Maximum allowed file size is 5.0 MB',
  fileRequired: 'File is required',
  fileWrongFormat: 'File is wrong format',
  importFileTooLarge: 'File <= 5MB',
  attachWrongFormat: 'Attach file is wrong format',
  unauthorized: 'Unauthorized',
  forbidden: 'You do not have permission to access this resource',
  notFound: 'Not found',
  conflict: 'The record was changed by someone else. Reload and try again.',
  tooManyRequests: 'Too many requests. Please try again later.',
  internal: 'Internal server error',
} as const;
