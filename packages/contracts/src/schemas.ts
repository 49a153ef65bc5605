import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, isDmyDate, MAX_PAGE_SIZE, MESSAGES_COMMON } from './api.ts';

/** zod forms of the shared envelope and query pieces (RULES.md §1, §8). */
export const pageInfoSchema = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total_element: z.number().int(),
});

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

/** Query `page`/`size` as sent by the web (strings) coerced to integers within bounds. */
export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** A DD/MM/YYYY filter bound (filter submits, spec 000 §7); an empty parameter is no bound. */
export const dmyFilterSchema = z
  .string()
  .transform((s) => s.trim() || undefined)
  .refine((s) => s === undefined || isDmyDate(s), MESSAGES_COMMON.invalidDate)
  .optional();

/** Comma-separated ids (`1,2,3`), the parameter repeated, or in a JSON body a number or a list of numbers. */
export const idListSchema = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) => (Array.isArray(v) ? v.join(',') : String(v)).split(',').map((s) => s.trim()).filter(Boolean))
  .refine((ids) => ids.every((s) => /^\d{1,9}$/.test(s)), MESSAGES_COMMON.invalidIds)
  .transform((ids) => ids.map(Number))
  .optional();

/** One history entry as every history endpoint returns it (RULES.md §8). */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(['CREATE', 'UPDATE', 'DELETE', 'STATUS']),
  changes: z.array(z.object({ field: z.string(), oldValue: z.unknown(), newValue: z.unknown() })),
  new_record: z.unknown(),
  createdBy: z.object({ username: z.string().nullable(), name: z.string().nullable() }),
  createdDate: z.string(),
  createdDateFormat: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
