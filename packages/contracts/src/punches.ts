import { z } from 'zod';
import { MESSAGES_COMMON } from './api.ts';
import { envelope, idParamSchema, safeText } from './schemas.ts';
import type { Role } from './roles.ts';

/**
 * Punch intake (RULES.md §4, issue 3 §1): attendance devices send batches of punches with a device key; Admin
 * manages one key per attendance-check system.
 */
export const CHECK_IN_OUT_PATH = '/tms/check-in-out';
export const PUNCHES_PATH = `${CHECK_IN_OUT_PATH}/punches`;
export const DEVICE_KEYS_PATH = `${CHECK_IN_OUT_PATH}/device-keys`;

/**
 * Attendance-check systems (spec 002 §3 enumeration "attendance check system": SPEEDGATE and the product's own,
 * RULES.md §4): the one list for punches, device keys, devices and the attendance-check configs that map their accounts.
 */
export const PUNCH_SYSTEMS = ['SPEEDGATE', 'TMS'] as const;
export type PunchSystem = (typeof PUNCH_SYSTEMS)[number];

/** RULES.md §4: device keys are managed by Admin. */
export const DEVICE_KEY_MANAGERS = ['ADMIN'] as const satisfies readonly Role[];

export const PUNCH_BATCH_MAX = 10_000;
/** Per-item errors listed in a batch answer; the counts cover every item. */
export const PUNCH_BATCH_MAX_ERRORS = 100;
export const ATTENDANCE_CHECK_ID_MAX = 100;
export const DEVICE_KEY_DESCRIPTION_MAX = 200;
/** Header carrying the device key; `Authorization: Device <key>` is accepted as well. */
export const DEVICE_KEY_HEADER = 'x-device-key';

export const PUNCH_MESSAGES = {
  invalidKey: 'Invalid device key',
  punchesRequired: 'punches is required',
  batchEmpty: 'A batch holds at least one punch',
  batchTooLarge: `A batch holds at most ${PUNCH_BATCH_MAX} punches`,
  nothingAccepted: 'No punch of the batch was accepted',
  partlyAccepted: 'Some punches were rejected',
  itemNotObject: 'A punch must be an object { system, attendance_check_id, timestamp }',
  systemInvalid: `system must be one of ${PUNCH_SYSTEMS.join(', ')}`,
  wrongSystem: (system: string) => `This device key accepts only ${system} punches`,
  attendanceCheckIdRequired: 'attendance_check_id is required',
  attendanceCheckIdTooLong: `attendance_check_id must be at most ${ATTENDANCE_CHECK_ID_MAX} characters`,
  attendanceCheckIdInvalid: `attendance_check_id: ${MESSAGES_COMMON.invalidText}`,
  timestampInvalid: 'timestamp must be ISO 8601 with an offset or Z (e.g. 2026-03-10T08:29:00+07:00)',
  timestampInFuture: 'timestamp is more than one day in the future',
  /** The spec's text for a missing system on the attendance-check config form (spec 002 §5). */
  systemRequired: 'Please input attendance check system',
  descriptionTooLong: `Description must be at most ${DEVICE_KEY_DESCRIPTION_MAX} characters`,
  descriptionInvalid: 'Description must be text',
  keyNotFound: 'Device key not found',
  keyAlreadyInactive: 'Device key is already inactive',
  keyCreated: 'Create device key successfully',
  keyDeactivated: 'Deactivate device key successfully',
} as const;
const M = PUNCH_MESSAGES;

/** `YYYY-MM-DDTHH:mm[:ss[.fraction]]` followed by `Z` or an offset `±HH[:mm]` / `±HHmm`. */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|([+-])(\d{2})(?::?(\d{2}))?)$/;

/**
 * The epoch milliseconds of an ISO 8601 instant that names its offset, or undefined (a local time without offset
 * is ambiguous for a device in another zone, and 31/02 is not a date).
 */
export function parseIsoInstant(text: string): number | undefined {
  const m = ISO_INSTANT.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (year < 1970 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, Number(((m[7] ?? '') + '000').slice(0, 3)));
  if (new Date(local).getUTCDate() !== day) return undefined;
  if (m[8] === 'Z') return local;
  const [offsetHours, offsetMinutes] = [Number(m[10]), Number(m[11] ?? '0')];
  if (offsetHours > 14 || offsetMinutes > 59) return undefined;
  return local - (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
}

// POST /api/tms/check-in-out/punches (device key). Items are checked one by one by the server (a bad item is
// rejected with its index, the others stored), so the batch schema only bounds the list.
/** One punch as a device sends it; `timestamp` is ISO 8601 with an offset or Z. */
export type PunchItem = { system: PunchSystem; attendance_check_id: string | number; timestamp: string };

/** Items are unknown to the schema (checked one by one); the document still shows their shape. */
const punchItemDoc = z.unknown().meta({
  description: 'A punch { system, attendance_check_id, timestamp }',
  examples: [{ system: 'TMS', attendance_check_id: 'A0001', timestamp: '2026-03-10T08:29:00+07:00' } satisfies PunchItem],
});

export const punchBatchSchema = z.object(
  { punches: z.array(punchItemDoc, { error: M.punchesRequired }).min(1, M.batchEmpty).max(PUNCH_BATCH_MAX, M.batchTooLarge) },
  { error: M.punchesRequired },
);
export type PunchBatch = z.infer<typeof punchBatchSchema>;

export const punchItemErrorSchema = z.object({
  /** 0-based position in `punches`. */
  index: z.number().int(),
  code: z.number().int(),
  message: z.string(),
});
export type PunchItemError = z.infer<typeof punchItemErrorSchema>;

/**
 * received = new + duplicate + rejected; unmapped counts the accepted punches (new or duplicate) that no
 * attendance-check config maps to an employee on their local date. `errors` lists the first 100 rejected items.
 */
export const punchBatchResultSchema = z.object({
  received: z.number().int(),
  new: z.number().int(),
  duplicate: z.number().int(),
  unmapped: z.number().int(),
  rejected: z.number().int(),
  errors: z.array(punchItemErrorSchema),
});
export type PunchBatchResult = z.infer<typeof punchBatchResultSchema>;
/** 200 when every punch was accepted, 207 when some were rejected (RULES.md §1). */
export const punchBatchResponseSchema = envelope(punchBatchResultSchema);

// GET /api/tms/check-in-out/device-keys (Admin): never the key, which only its creator saw once.
export const deviceKeyRowSchema = z.object({
  id: z.number().int(),
  system: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** ISO instants. */
  createdDate: z.string(),
  lastUsedDate: z.string().nullable(),
  deactivatedDate: z.string().nullable(),
});
export type DeviceKeyRow = z.infer<typeof deviceKeyRowSchema>;
export const deviceKeyListResponseSchema = envelope(z.array(deviceKeyRowSchema));

// POST /api/tms/check-in-out/device-keys (Admin)
export const deviceKeyCreateSchema = z.object({
  system: z.enum(PUNCH_SYSTEMS, { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? M.systemRequired : M.systemInvalid) }),
  description: safeText(M.descriptionInvalid)
    .trim()
    .max(DEVICE_KEY_DESCRIPTION_MAX, M.descriptionTooLong)
    .nullish()
    .transform((s) => s || null),
});
export type DeviceKeyCreate = z.infer<typeof deviceKeyCreateSchema>;
/** The only answer that carries the key: the device's installer copies it now or creates another. */
export const deviceKeyCreatedSchema = deviceKeyRowSchema.extend({ key: z.string() });
export type DeviceKeyCreated = z.infer<typeof deviceKeyCreatedSchema>;
export const deviceKeyCreateResponseSchema = envelope(deviceKeyCreatedSchema);

// DELETE /api/tms/check-in-out/device-keys/:id (Admin): deactivates; the row stays for the list and history.
export const deviceKeyIdParamsSchema = z.object({ id: idParamSchema() });
export const deviceKeyDeactivateResponseSchema = envelope(z.object({ id: z.number().int() }));
