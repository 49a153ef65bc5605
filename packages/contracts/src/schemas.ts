import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, isDmyDate, isStorableText, MAX_DB_INT, MAX_PAGE_SIZE, MESSAGES_COMMON } from './api.ts';

/** zod forms of the shared envelope and query pieces (RULES.md §1, §8). */
export const pageInfoSchema = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total_element: z.number().int(),
});

/**
 * The key and parameters of a success answer's message (issue 25), so the web shows it in the reader's language. A
 * batch answer's items (`{ code, message }` each, RULES.md §1) spread it too: each item's message has its own key.
 */
export const successMessageKey = { messageKey: z.string().optional(), params: z.record(z.string(), z.string()).optional() };

export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), ...successMessageKey, data });
}

export function pagedEnvelope<T extends z.ZodTypeAny>(item: T) {
  return z.object({ code: z.number().int(), message: z.string(), ...successMessageKey, data: z.array(item), page: pageInfoSchema });
}

/** A text's stable key and parameters (issue 25); the web shows the text in the reader's language by them. */
export const messageRefSchema = z.object({ key: z.string(), params: z.record(z.string(), z.string()) });

/**
 * The keys beside a failure's English texts (api.ts ErrorEnvelope): `messageKey`/`params` name `message`, `details[i]`
 * names `messages[i]`, null where a text has no key. Spread into every error body schema: a response schema drops
 * what it does not list.
 */
export const messageKeyFields = {
  messageKey: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
  details: z.array(messageRefSchema.nullable()).optional(),
};

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  messages: z.array(z.string()).optional(),
  ...messageKeyFields,
  data: z.null(),
  errorMessage: z.string().optional(),
});

/**
 * Every text a route reads — body field, query value or path part — starts here (issue 7 §2: no input gives a 500):
 * PostgreSQL cannot store NUL or a lone surrogate, so they are refused with a 400 before any SQL. `error` is the
 * field's own text for a missing or non-text value; chain `.trim()`, `.max(n, message)` and the like after it.
 */
export function safeText(error?: string) {
  return z.string(error === undefined ? undefined : { error }).refine(isStorableText, { error: MESSAGES_COMMON.invalidText, abort: true });
}
/** A text field without a message of its own. */
export const textSchema = safeText();

/** An id in a JSON body: a positive integer that fits PostgreSQL `integer` (2147483648 is a 400, not an overflow). */
export function idSchema(message: string = MESSAGES_COMMON.invalidId) {
  return z.number({ error: message }).int(message).min(1, message).max(MAX_DB_INT, message);
}

/** An id in a path or query (text), or a body field that may come as text: coerced, then as `idSchema`. */
export function idParamSchema(message: string = MESSAGES_COMMON.invalidId) {
  return z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_DB_INT, message);
}

/** Query `page`/`size` as sent by the web (strings) coerced to integers within bounds; `defaultSize` per list. */
export function pagingShape(defaultSize: number = DEFAULT_PAGE_SIZE) {
  return {
    page: z.coerce.number().int().min(1).max(MAX_DB_INT).default(DEFAULT_PAGE),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultSize),
  };
}
export const pagingQuerySchema = z.object(pagingShape());

/** 'true'/'1' or a boolean. */
export const flagSchema = z
  .union([z.boolean(), textSchema])
  .transform((v) => v === true || v === 'true' || v === '1')
  .optional();

/** Comma-separated texts (`a,b`), or the parameter repeated. */
export const textListSchema = z
  .union([textSchema, z.array(textSchema)])
  .transform((v) => (Array.isArray(v) ? v.join(',') : v).split(',').map((s) => s.trim()).filter(Boolean))
  .optional();

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
