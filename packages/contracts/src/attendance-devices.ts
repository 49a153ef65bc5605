import { z } from 'zod';
import { DEVICE_KEY_MANAGERS, PUNCH_MESSAGES, PUNCH_SYSTEMS } from './punches.ts';
import { envelope, flagSchema, historyEntrySchema, idParamSchema, idSchema, pagedEnvelope, pagingShape, safeText, textSchema } from './schemas.ts';

/**
 * Attendance devices that push over the ZKTeco ADMS / iClock protocol (issue 13), managed by Admin on the
 * Attendance Devices page beside the device keys of the JSON punch API.
 */
export const ATTENDANCE_DEVICES_PATH = '/tms/attendance-devices';
/** `${ATTENDANCE_DEVICES_PATH}/history?id=`: a device's history, as every record history is read (RecordHistoryModal). */
export const ATTENDANCE_DEVICES_HISTORY_PATH = `${ATTENDANCE_DEVICES_PATH}/history`;
export const deviceCommandsPath = (id: number) => `${ATTENDANCE_DEVICES_PATH}/${id}/commands`;
export const deviceItemPath = (id: number) => `${ATTENDANCE_DEVICES_PATH}/${id}`;
/** The device side lives outside /api, where devices are configured to call (`http://host:port/iclock/...`). */
export const ICLOCK_PREFIX = '/iclock';
/** Admin only, like the device keys (RULES.md §4). */
export const DEVICE_MANAGERS = DEVICE_KEY_MANAGERS;

export const SERIAL_NUMBER_MAX = 64;
/** What ZKTeco units print as their serial number: letters, digits, `-` and `_`. */
export const SERIAL_NUMBER_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const DEVICE_NAME_MAX = 100;
export const TIME_ZONE_MAX = 64;
/** The company zone, proposed for a new device. */
export const DEFAULT_DEVICE_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** Commands an Admin can queue for a device (sent on its next `getrequest`). */
export const DEVICE_COMMAND_KINDS = ['CHECK', 'REUPLOAD', 'REBOOT'] as const;
export type DeviceCommandKind = (typeof DEVICE_COMMAND_KINDS)[number];
export const DEVICE_COMMAND_LABELS: Record<DeviceCommandKind, string> = {
  CHECK: 'Re-read server options',
  REUPLOAD: 'Upload attendance again for a date range',
  REBOOT: 'Restart the device',
};
export const DEVICE_COMMAND_STATUSES = ['PENDING', 'SENT', 'DONE', 'FAILED'] as const;
export type DeviceCommandStatus = (typeof DEVICE_COMMAND_STATUSES)[number];
/** The commands a device's drawer lists. */
export const DEVICE_COMMANDS_SHOWN = 20;
/** A re-upload covers at most this many days, so one command cannot ask a device for its whole memory at once. */
export const REUPLOAD_MAX_DAYS = 93;

export const DEVICE_MESSAGES = {
  serialRequired: 'Please input serial number',
  serialInvalid: `Serial number may hold letters, digits, - and _ (at most ${SERIAL_NUMBER_MAX} characters)`,
  serialExists: 'A device with this serial number is already registered',
  systemRequired: PUNCH_MESSAGES.systemRequired,
  systemInvalid: PUNCH_MESSAGES.systemInvalid,
  timeZoneRequired: 'Please select time zone',
  timeZoneInvalid: 'Unknown time zone',
  nameTooLong: `Name must be at most ${DEVICE_NAME_MAX} characters`,
  notFound: 'Device not found',
  created: 'Register device successfully',
  updated: 'Update device successfully',
  deactivated: 'Deactivate device successfully',
  activated: 'Activate device successfully',
  deactivateConfirm: 'Deactivate this device? Its uploads will be refused until it is activated again.',
  commandKindInvalid: `Command must be one of ${DEVICE_COMMAND_KINDS.join(', ')}`,
  commandRangeRequired: 'Please select date range first!',
  commandRangeInvalid: `The range must end on or after its start and cover at most ${REUPLOAD_MAX_DAYS} days`,
  commandInactive: 'The device is inactive: activate it before sending commands',
  commandQueued: 'Command queued: the device receives it on its next poll',
  rebootConfirm: 'Restart this device? It stops recording punches until it is back.',
} as const;

/** Texts of the Attendance Devices page (issue 13). */
export const DEVICE_PAGE_TEXTS = {
  title: 'Attendance Devices',
  devicesTab: 'Devices',
  keysTab: 'Device keys',
  register: 'Register device',
  edit: 'Edit device',
  history: 'Attendance Device History',
  never: 'Never',
  emptyTitle: 'No attendance device registered yet',
  /** Shown with the server address `<origin>/iclock`. */
  emptyHowTo:
    'On a ZKTeco unit, open Comm. → Cloud Server Setting (ADMS), set the server address to this host and the port to the port of this app, then register the unit here by the serial number it shows. The README explains the details.',
  keyCreate: 'Create key',
  keyShownOnce: 'Copy this key now: it will not be shown again.',
  keyDeactivateConfirm: 'Deactivate this device key? Devices sending it will be refused.',
} as const;
const M = DEVICE_MESSAGES;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

// GET /api/tms/attendance-devices (Admin): keyword (serial number or name), system, active.
export const deviceListQuerySchema = z.object({
  ...pagingShape(),
  keyword: textSchema.max(200).optional(),
  system: textSchema.max(30).optional(),
  active: flagSchema,
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

export const deviceRowSchema = z.object({
  id: z.number().int(),
  serial_number: z.string(),
  name: z.string().nullable(),
  system: z.string(),
  time_zone: z.string(),
  active: z.boolean(),
  /** ISO instants. */
  last_contact_date: z.string().nullable(),
  last_push_date: z.string().nullable(),
  /** The ATTLOG stamp the device resumes from. */
  attlog_stamp: z.string().nullable(),
  device_info: z.string().nullable(),
  /** Today in the company time zone: records received, new punches stored, and errors (rejected lines + unmapped). */
  received_today: z.number().int(),
  stored_today: z.number().int(),
  errors_today: z.number().int(),
  last_error: z.string().nullable(),
  last_error_date: z.string().nullable(),
  pending_commands: z.number().int(),
  version: z.number().int(),
  created_date: z.string(),
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;
export const deviceListResponseSchema = pagedEnvelope(deviceRowSchema);

const serialNumberSchema = safeText(M.serialRequired)
  .trim()
  .min(1, M.serialRequired)
  .regex(SERIAL_NUMBER_PATTERN, M.serialInvalid);
const systemSchema = safeText(M.systemRequired)
  .trim()
  .min(1, M.systemRequired)
  .refine((s) => (PUNCH_SYSTEMS as readonly string[]).includes(s), M.systemInvalid);
const timeZoneSchema = safeText(M.timeZoneRequired).trim().min(1, M.timeZoneRequired).max(TIME_ZONE_MAX, M.timeZoneInvalid);
const nameSchema = safeText()
  .trim()
  .max(DEVICE_NAME_MAX, M.nameTooLong)
  .transform((s) => s || null)
  .nullish();

// POST /api/tms/attendance-devices (Admin). The time zone is checked against the database's zone names too.
export const deviceCreateSchema = z.object({
  serial_number: serialNumberSchema,
  name: nameSchema,
  system: systemSchema,
  time_zone: timeZoneSchema,
});
export type DeviceCreate = z.infer<typeof deviceCreateSchema>;

// PUT /api/tms/attendance-devices/:id (Admin): the serial number is the device's identity and does not change.
export const deviceUpdateSchema = z.object({
  name: nameSchema,
  system: systemSchema,
  time_zone: timeZoneSchema,
  active: z.boolean(),
  version: idSchema('Version is required'),
});
export type DeviceUpdate = z.infer<typeof deviceUpdateSchema>;
export const deviceIdParamsSchema = z.object({ id: idParamSchema() });
export const deviceSaveResponseSchema = envelope(deviceRowSchema);

// GET /api/tms/attendance-devices/history?id= (Admin): the device's history entries, newest first (RULES.md §8).
export const deviceHistoryQuerySchema = z.object({ id: idParamSchema() });
export const deviceHistoryResponseSchema = envelope(z.array(historyEntrySchema));

// POST /api/tms/attendance-devices/:id/commands (Admin): REUPLOAD needs from/to (YYYY-MM-DD, device-local days).
export const deviceCommandCreateSchema = z
  .object({
    kind: z.enum(DEVICE_COMMAND_KINDS, { error: M.commandKindInvalid }),
    from: z.string().regex(isoDate, M.commandRangeRequired).optional(),
    to: z.string().regex(isoDate, M.commandRangeRequired).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'REUPLOAD') return;
    if (!v.from || !v.to) return void ctx.addIssue({ code: 'custom', message: M.commandRangeRequired, path: ['from'] });
    const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000;
    if (!(days >= 0 && days < REUPLOAD_MAX_DAYS)) ctx.addIssue({ code: 'custom', message: M.commandRangeInvalid, path: ['to'] });
  });
export type DeviceCommandCreate = z.infer<typeof deviceCommandCreateSchema>;

// GET /api/tms/attendance-devices/:id/commands (Admin): the latest 20, newest first.
export const deviceCommandRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DEVICE_COMMAND_KINDS),
  command: z.string(),
  status: z.enum(DEVICE_COMMAND_STATUSES),
  return_code: z.number().int().nullable(),
  created_by: z.string().nullable(),
  created_date: z.string(),
  sent_date: z.string().nullable(),
  done_date: z.string().nullable(),
});
export type DeviceCommandRow = z.infer<typeof deviceCommandRowSchema>;
export const deviceCommandListResponseSchema = envelope(z.array(deviceCommandRowSchema));
export const deviceCommandSaveResponseSchema = envelope(deviceCommandRowSchema);
