import { z } from 'zod';
import { envelope } from './schemas.ts';
import type { Actor } from './roles.ts';

/**
 * Scheduled reminders (issue 30 §4, docs/reminders.md): four kinds, each on by default and each can be switched off by
 * HR, HRM or Admin; every business morning after `morning_time` (company time) each enabled kind runs once and reminds
 * each person at most once that day.
 */
export const REMINDER_SETTINGS_PATH = '/tms/reminders/settings';
export const REMINDER_SETTINGS_HISTORY_PATH = `${REMINDER_SETTINGS_PATH}/history`;
export const REMINDER_SETTINGS_ACCESS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];

export const REMINDER_KINDS = ['APPROVER_DIGEST', 'EXPLANATION_DEADLINE', 'MISSING_CHECK_OUT', 'HR_PERIOD_DIGEST'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_DAYS_MAX = 30;

export const REMINDER_MESSAGES = {
  saved: 'Reminder settings saved',
  morningTimeInvalid: 'Morning time must be HH:mm',
  daysInvalid: `Working days must be a whole number from 1 to ${REMINDER_DAYS_MAX}`,
} as const;
const M = REMINDER_MESSAGES;

const days = z.coerce.number({ error: M.daysInvalid }).int({ error: M.daysInvalid }).min(1, { error: M.daysInvalid }).max(REMINDER_DAYS_MAX, { error: M.daysInvalid });

/** The stored settings (the key `reminders` of the settings table, JSON): defaults of the issue. */
export const reminderSettingsShape = {
  morning_time: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: M.morningTimeInvalid }),
  approver_digest_enabled: z.boolean(),
  /** Items pending more than this many working days go into the approver's digest. */
  approver_digest_days: days,
  explanation_deadline_enabled: z.boolean(),
  /** The reminder is sent this many working days before the explanation deadline (forbidden_request_date). */
  explanation_deadline_days: days,
  missing_check_out_enabled: z.boolean(),
  hr_period_digest_enabled: z.boolean(),
};
export const reminderSettingsValuesSchema = z.object(reminderSettingsShape);
export type ReminderSettingsValues = z.infer<typeof reminderSettingsValuesSchema>;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettingsValues = {
  morning_time: '08:00',
  approver_digest_enabled: true,
  approver_digest_days: 2,
  explanation_deadline_enabled: true,
  explanation_deadline_days: 3,
  missing_check_out_enabled: true,
  hr_period_digest_enabled: true,
};

/** Which setting switches each kind on. */
export const REMINDER_KIND_SWITCH: Record<ReminderKind, keyof ReminderSettingsValues> = {
  APPROVER_DIGEST: 'approver_digest_enabled',
  EXPLANATION_DEADLINE: 'explanation_deadline_enabled',
  MISSING_CHECK_OUT: 'missing_check_out_enabled',
  HR_PERIOD_DIGEST: 'hr_period_digest_enabled',
};

/** GET answer: the values, their version (for the edit's 409) and when and by whom they were last changed. */
export const reminderSettingsSchema = reminderSettingsValuesSchema.extend({
  version: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** PUT body: every value and the version read. */
export const reminderSettingsUpdateSchema = reminderSettingsValuesSchema.extend({ version: z.coerce.number().int().min(0) });
export type ReminderSettingsUpdate = z.infer<typeof reminderSettingsUpdateSchema>;

export const reminderSettingsResponseSchema = envelope(reminderSettingsSchema);
