import {
  DEFAULT_REMINDER_SETTINGS,
  reminderSettingsValuesSchema,
  type ReminderSettings,
  type ReminderSettingsUpdate,
  type ReminderSettingsValues,
} from '@tms/contracts/reminders';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { conflict } from '../../../lib/errors.ts';
import { diffFields, listHistory, recordHistory, type HistoryEntryDto } from '../../../lib/history.ts';
import type { SessionUser } from '../../../plugins/auth.ts';
import * as repo from './reminders.repository.ts';

/**
 * Reminder settings (issue 30 §4): one JSON value under the key `reminders` of the settings table, with its version
 * and who changed it last; absent, the defaults (version 0). Every change writes a history entry of the
 * fields it changed, under the table name below (the settings table has text keys, so the record id is 1).
 */
export const REMINDER_SETTINGS_TABLE = 'reminder_settings';
const RECORD_ID = 1;
const FIELDS = Object.keys(DEFAULT_REMINDER_SETTINGS) as (keyof ReminderSettingsValues)[];

type Stored = ReminderSettingsValues & { version: number; updated_by: string | null };

/** The stored value read leniently: a field missing or no longer valid takes its default, so a bad row never stops reminders. */
function parseStored(text: string | undefined): Stored {
  let raw: Record<string, unknown> = {};
  try {
    raw = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    raw = {};
  }
  const values = { ...DEFAULT_REMINDER_SETTINGS };
  for (const field of FIELDS) {
    const one = reminderSettingsValuesSchema.shape[field].safeParse(raw[field]);
    if (one.success) (values as Record<string, unknown>)[field] = one.data;
  }
  return { ...values, version: typeof raw.version === 'number' ? raw.version : 0, updated_by: typeof raw.updated_by === 'string' ? raw.updated_by : null };
}

export async function loadReminderSettings(db: DbOrTx): Promise<ReminderSettings> {
  const row = await repo.readSettings(db);
  const stored = parseStored(row?.value);
  return { ...stored, updated_at: row?.updated_at ?? null };
}

export async function updateReminderSettings(db: Db, user: SessionUser, body: ReminderSettingsUpdate): Promise<ReminderSettings> {
  return db.transaction(async (tx) => {
    await repo.lockSettings(tx);
    const before = await loadReminderSettings(tx);
    if (before.version !== body.version) throw conflict();
    const { version: _v, ...values } = body;
    const changes = diffFields(before, values, FIELDS);
    if (changes.length === 0) return before;
    const next: Stored = { ...values, version: before.version + 1, updated_by: user.name || user.username };
    await repo.writeSettings(tx, JSON.stringify(next));
    await recordHistory(tx, { tableName: REMINDER_SETTINGS_TABLE, recordId: RECORD_ID, action: before.version === 0 ? 'CREATE' : 'UPDATE', changes, newRecord: values, by: user });
    return loadReminderSettings(tx);
  });
}

export async function reminderSettingsHistory(db: DbOrTx, clock: Clock): Promise<HistoryEntryDto[]> {
  return listHistory(db, REMINDER_SETTINGS_TABLE, RECORD_ID, clock.timeZone);
}
