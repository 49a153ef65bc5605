import { randomBytes } from 'node:crypto';
import {
  ATTENDANCE_CHECK_ID_MAX,
  PUNCH_BATCH_MAX_ERRORS,
  PUNCH_MESSAGES as M,
  PUNCH_SYSTEMS,
  parseIsoInstant,
  type DeviceKeyCreate,
  type DeviceKeyCreated,
  type DeviceKeyRow,
  type PunchBatchResult,
  type PunchItemError,
} from '@tms/contracts/punches';
import { isStorableText } from '@tms/contracts/api';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { diffFields, recordHistory } from '../../lib/history.ts';
import { logConnectionError } from '../../lib/connection-history.ts';
import { hashToken, type SessionUser } from '../../plugins/auth.ts';
import * as repo from './punches.repository.ts';
import { queuePunchBatchEvent, type PunchBatchOrigin } from './punches-webhook-events.ts';
import { queueRecalculation } from '../timesheet/recalc-queue.ts';

export type { EmployeeDay } from './punches.repository.ts';

/** Connection history source of the device punch API (RULES.md §8). */
export const PUNCH_API_SOURCE = 'device-punch-api';
/** A device clock may run a little ahead; a punch further in the future is a wrong clock, not a punch. */
const FUTURE_TOLERANCE_MS = 24 * 3600_000;
/** Accounts and rejected items named in a connection history row; the intake samples unmapped accounts to it. */
export const LOG_SAMPLE = 5;

/** Up to LOG_SAMPLE of `items` joined by `separator`, ending in `…` when there are `total` in all and not all are shown. */
export function sampleText(items: readonly string[], total: number, separator: string): string {
  const shown = items.slice(0, LOG_SAMPLE);
  return `${shown.join(separator)}${total > shown.length ? `${separator}…` : ''}`;
}

/** A key is 32 random bytes in base64url (43 characters); anything much longer is not one of ours. */
const MAX_KEY_LENGTH = 200;

const HISTORY_FIELDS = ['system', 'description', 'active'] as const;
const historyRecord = (k: repo.DeviceKeyRecord) => ({ id: k.id, system: k.system, description: k.description, active: k.active });

const toRow = (k: repo.DeviceKeyRecord): DeviceKeyRow => ({
  id: k.id,
  system: k.system,
  description: k.description,
  active: k.active,
  createdDate: k.created_at,
  lastUsedDate: k.last_used_at,
  deactivatedDate: k.deactivated_at,
});

type ItemCheck = { punch: repo.AcceptedPunch } | { error: string };

/** The rules of one punch, in order: an object, a known system that is the key's, an account, an instant with its offset. */
export function checkPunchItem(raw: unknown, keySystem: string, nowMs: number): ItemCheck {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { error: M.itemNotObject };
  const item = raw as Record<string, unknown>;
  const system = item.system;
  if (typeof system !== 'string' || !(PUNCH_SYSTEMS as readonly string[]).includes(system)) return { error: M.systemInvalid };
  if (system !== keySystem) return { error: M.wrongSystem(keySystem) };
  const rawId = item.attendance_check_id;
  const account = typeof rawId === 'string' ? rawId.trim() : typeof rawId === 'number' && Number.isSafeInteger(rawId) ? String(rawId) : '';
  if (account === '') return { error: M.attendanceCheckIdRequired };
  if (account.length > ATTENDANCE_CHECK_ID_MAX) return { error: M.attendanceCheckIdTooLong };
  if (!isStorableText(account)) return { error: M.attendanceCheckIdInvalid };
  const timestamp = item.timestamp;
  const ms = typeof timestamp === 'string' ? parseIsoInstant(timestamp) : undefined;
  if (ms === undefined) return { error: M.timestampInvalid };
  if (ms > nowMs + FUTURE_TOLERANCE_MS) return { error: M.timestampInFuture };
  // The text as sent: PostgreSQL reads every form parseIsoInstant accepts, to the microsecond.
  return { punch: { s: system, a: account, t: timestamp as string } };
}

export type IngestOutcome = {
  /** 200 when every punch was accepted, 207 when some were rejected (RULES.md §1). */
  status: 200 | 207;
  result: PunchBatchResult;
  /**
   * Recalculation hook: the distinct employee-days the punches this batch added can change (each one's local date and
   * the day before, RULES.md §4). The caller hands them to the incremental recalculation.
   */
  affected: repo.EmployeeDay[];
};

/** What the punch intake and the device keys need: the pool and the company clock (its time zone reads local times). */
export type PunchesDeps = { db: Db; clock: Clock };

export async function listKeys({ db }: PunchesDeps): Promise<DeviceKeyRow[]> {
  return (await repo.listDeviceKeys(db)).map(toRow);
}

/** A new random key; only its SHA-256 is stored, the key itself is answered this once. */
export async function createKey({ db }: PunchesDeps, user: SessionUser, body: DeviceKeyCreate): Promise<DeviceKeyCreated> {
  const key = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const row = await repo.insertDeviceKey(tx, { system: body.system, keyHash: hashToken(key), description: body.description, createdBy: user.userId });
    const record = historyRecord(row);
    await recordHistory(tx, {
      tableName: repo.DEVICE_KEYS_TABLE,
      recordId: row.id,
      action: 'CREATE',
      changes: diffFields(null, record, HISTORY_FIELDS),
      newRecord: record,
      by: user,
    });
    return { ...toRow(row), key };
  });
}

/** Deactivation is one-way (a leaked key must stay dead); the row stays for the list and its history. */
export async function deactivateKey({ db }: PunchesDeps, user: SessionUser, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const before = await repo.findDeviceKeyForUpdate(tx, id);
    if (!before) throw notFound(M.keyNotFound);
    if (!before.active) throw conflict(M.keyAlreadyInactive);
    const after = await repo.deactivateDeviceKey(tx, id);
    await recordHistory(tx, {
      tableName: repo.DEVICE_KEYS_TABLE,
      recordId: id,
      action: 'STATUS',
      changes: diffFields(historyRecord(before), historyRecord(after), HISTORY_FIELDS),
      newRecord: historyRecord(after),
      by: user,
    });
    return { id };
  });
}

/**
 * The active key sent by a device, or 401. Each refusal is a connection history row (RULES.md §8) naming the
 * client and the first characters of the key's hash, never the key.
 */
export async function authenticateDevice({ db }: PunchesDeps, rawKey: string | undefined, client: string): Promise<repo.ActiveDeviceKey> {
  const key = rawKey?.trim();
  const keyHash = key && key.length <= MAX_KEY_LENGTH ? hashToken(key) : undefined;
  const found = keyHash ? await repo.findActiveDeviceKey(db, keyHash) : undefined;
  if (!found) {
    const what = keyHash ? `an unknown or inactive device key (sha256 ${keyHash.slice(0, 8)}…)` : key ? 'a malformed device key' : 'no device key';
    await logConnectionError(db, { source: PUNCH_API_SOURCE, code: 'INVALID_KEY', errorDetails: `Punch batch from ${client} refused: ${what}` });
    throw unauthorized(M.invalidKey);
  }
  if (found.touch) await repo.touchDeviceKey(db, found.id);
  return found;
}

/**
 * The one punch intake of every device channel (the JSON punch API, ADMS uploads): checked punches are stored in
 * one transaction and one INSERT (repo.insertPunches: mapped by the attendance-check configs, each
 * (system, account, instant) once); `alsoInTx` writes what must commit with them (connection history, a device's
 * stamp and counters), and the employee-days of the new punches are queued for recalculation (recalc-queue.ts).
 */
export async function storePunches(
  { db, clock }: PunchesDeps,
  accepted: readonly repo.AcceptedPunch[],
  source: string,
  alsoInTx?: (tx: Tx, inserted: repo.InsertPunchesResult) => Promise<void>,
  // A device upload names itself for its `punches.stored` webhook event; a self check-in passes nothing.
  batch?: PunchBatchOrigin,
): Promise<repo.InsertPunchesResult> {
  return db.transaction(async (tx) => {
    const inserted =
      accepted.length > 0
        ? await repo.insertPunches(tx, accepted, { timeZone: clock.timeZone, source, sampleSize: LOG_SAMPLE })
        : { inserted: 0, unmapped: 0, unmappedAccounts: 0, unmappedSample: [], affected: [] };
    await alsoInTx?.(tx, inserted);
    if (batch) await queuePunchBatchEvent(tx, batch, accepted, inserted);
    // RULES.md §4: the employee-days of the new punches are recomputed once the batch has committed.
    await queueRecalculation(tx, inserted.affected);
    return inserted;
  });
}

/**
 * Stores a batch in one transaction and one INSERT (RULES.md §4): rejected items are reported per index, the
 * others stored once each and mapped to employees by the attendance-check configs. Unmapped and rejected punches
 * make one connection history row per batch (RULES.md §8). A batch with nothing to store is a 400.
 */
export async function ingest(deps: PunchesDeps, key: repo.ActiveDeviceKey, items: readonly unknown[]): Promise<IngestOutcome> {
  const nowMs = deps.clock.now().getTime();
  const accepted: repo.AcceptedPunch[] = [];
  const errors: PunchItemError[] = [];
  items.forEach((raw, index) => {
    const checked = checkPunchItem(raw, key.system, nowMs);
    if ('punch' in checked) accepted.push(checked.punch);
    else errors.push({ index, code: 400, message: checked.error });
  });
  const summary = (counts: Pick<repo.InsertPunchesResult, 'inserted' | 'unmapped' | 'unmappedAccounts' | 'unmappedSample'>) => {
    const parts = [`received ${items.length}`, `new ${counts.inserted}`, `duplicate ${accepted.length - counts.inserted}`, `unmapped ${counts.unmapped}`];
    if (counts.unmapped > 0) {
      parts[3] += ` from ${counts.unmappedAccounts} account${counts.unmappedAccounts === 1 ? '' : 's'} (${sampleText(counts.unmappedSample, counts.unmappedAccounts, ', ')})`;
    }
    parts.push(`rejected ${errors.length}`);
    if (errors.length > 0) parts[4] += ` (${sampleText(errors.slice(0, LOG_SAMPLE).map((e) => `#${e.index}: ${e.message}`), errors.length, '; ')})`;
    return `Device key #${key.id} (${key.system}): ${parts.join(', ')}`;
  };
  const logCode = (unmapped: number) => (errors.length > 0 && unmapped > 0 ? 'REJECTED_UNMAPPED' : errors.length > 0 ? 'REJECTED_PUNCHES' : 'UNMAPPED_PUNCHES');

  if (accepted.length === 0) {
    await logConnectionError(deps.db, { source: PUNCH_API_SOURCE, code: logCode(0), errorDetails: summary({ inserted: 0, unmapped: 0, unmappedAccounts: 0, unmappedSample: [] }) });
    const messages = errors.slice(0, PUNCH_BATCH_MAX_ERRORS).map((e) => `Punch ${e.index}: ${e.message}`);
    throw new AppError(400, M.nothingAccepted, messages);
  }

  const stored = await storePunches(
    deps,
    accepted,
    repo.DEVICE_PUNCH_SOURCE,
    async (tx, inserted) => {
      // In the batch's transaction: the row exists exactly when the punches it reports do.
      if (inserted.unmapped > 0 || errors.length > 0) {
        await logConnectionError(tx, { source: PUNCH_API_SOURCE, code: logCode(inserted.unmapped), errorDetails: summary(inserted) });
      }
    },
    { source: 'API', device: { id: key.id, name: null, serial: null }, import: null, received: items.length },
  );

  return {
    status: errors.length > 0 ? 207 : 200,
    result: {
      received: items.length,
      new: stored.inserted,
      duplicate: accepted.length - stored.inserted,
      unmapped: stored.unmapped,
      rejected: errors.length,
      errors: errors.slice(0, PUNCH_BATCH_MAX_ERRORS),
    },
    affected: stored.affected,
  };
}

/**
 * For the attendance-check config screens: after a config of these accounts is added, changed or removed, their
 * stored punches follow it (punches that arrived unmapped are claimed). Answers the employee-days that changed,
 * for the recalculation hook. Call it inside the config change's transaction.
 */
export const remapAccounts = (
  { clock }: Pick<PunchesDeps, 'clock'>,
  tx: Parameters<typeof repo.remapPunches>[0],
  accounts: readonly { system: string; attendanceCheckId: string }[],
) => repo.remapPunches(tx, accounts, clock.timeZone);
