import { createHmac, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import ipaddr from 'ipaddr.js';
import type { PageInfo } from '@tms/contracts/api';
import { parseIsoInstant } from '@tms/contracts/punches';
import {
  FUTURE_TOLERANCE_MS,
  OFFLINE_MAX_AGE_MS,
  PIN_LOCK_MS,
  PIN_MAX_FAILURES,
  QR_GRACE_SEC,
  QR_PREFIX,
  QR_WINDOW_SEC,
  SELF_CHECK_IN_MESSAGES as M,
  SELF_PUNCH_MIN_INTERVAL_MS,
  SENT_LATE_AFTER_MS,
  distanceMetres,
  type CheckInAttemptQuery,
  type CheckInAttemptRow,
  type CheckInPlace,
  type Kiosk,
  type KioskCreateBody,
  type KioskPunchBody,
  type KioskPunchResult,
  type PlaceCreateBody,
  type PlaceUpdateBody,
  type SelfCheckInMode,
  type SelfPunchAction,
  type SelfPunchBody,
  type SelfPunchMethod,
  type SelfPunchResult,
  type SelfQr,
  type SelfToday,
} from '@tms/contracts/self-check-in';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { companyToday, formatInstant } from '../../lib/dates.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { diffFields, listHistory, recordHistory, type HistoryAuthor } from '../../lib/history.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import { instantOfLocal } from '../../lib/zone-time.ts';
import { hashToken, type SessionUser } from '../../plugins/auth.ts';
import { SELF_CHECK_IN_SYSTEM } from '../work-schedules/policy.repository.ts';
import { ensureSelfCheckInConfigs } from '../work-schedules/self-check-in-policy.ts';
import { storePunches } from './punches.service.ts';
import * as repo from './self-check-in.repository.ts';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/**
 * Self check-in (issue 28, docs/self-check-in.md). The server decides every rule: the session or kiosk token, the
 * employee's policy, the fence (position within a place's radius allowing for the accuracy) or an allowed network
 * range, the time (the server's clock; an offline punch's device time corrected for the device's clock skew, at most
 * 72 h old), one punch per key and per minute. An accepted punch goes through the one punch intake (storePunches,
 * which queues the recalculation) as a punch of the product's own system; its evidence commits with it. A refusal
 * writes one attempt row in its own transaction and nothing else.
 */
export type SelfDeps = { db: Db; clock: Clock };
export type RequestMeta = { ip: string; userAgent: string | null };

const USER_AGENT_MAX = 500;
const NETWORK_ADDRESS_MAX = 64;
const metaOf = (meta: RequestMeta) => ({ networkAddress: meta.ip.slice(0, NETWORK_ADDRESS_MAX), userAgent: meta.userAgent ? meta.userAgent.slice(0, USER_AGENT_MAX) : null });

/** A system author for rows the punch path writes itself (the safety-net attendance-check config). */
const byUser = (user: SessionUser | null): HistoryAuthor => user ?? { userId: 0, username: 'self-check-in', name: 'Self check-in' };

// ---- places ----

export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** The CIDR's normal form (address of the network, prefix), or null when it is not one. */
export function normaliseCidr(text: string): string | null {
  try {
    const [addr, bits] = ipaddr.parseCIDR(text.trim());
    const network = addr.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${addr.toString()}/${bits}`) : ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/${bits}`);
    return `${network.toString()}/${bits}`;
  } catch {
    return null;
  }
}

/** Does the client address (as the trusted proxies gave it) lie in one of the ranges? IPv4-mapped IPv6 counts as IPv4. */
export function addressInRanges(address: string, ranges: readonly string[]): boolean {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(address);
  } catch {
    return false;
  }
  for (const text of ranges) {
    try {
      const range = ipaddr.parseCIDR(text);
      if (range[0].kind() === addr.kind() && addr.match(range)) return true;
    } catch {
      // a stored range is normalised on save; an unreadable one matches nothing
    }
  }
  return false;
}

const PLACE_FIELDS = ['name', 'address', 'latitude', 'longitude', 'radius_m', 'network_ranges', 'active'] as const;
const placeRecord = (p: repo.PlaceRecord) => ({ name: p.name, address: p.address, latitude: p.latitude, longitude: p.longitude, radius_m: p.radius_m, network_ranges: p.network_ranges, active: p.active });

function placeValues(body: PlaceCreateBody): repo.PlaceValues {
  const ranges: string[] = [];
  const bad: string[] = [];
  for (const raw of body.network_ranges ?? []) {
    if (raw === '') continue;
    const normal = normaliseCidr(raw);
    if (normal === null) bad.push(M.networkRangeInvalid(raw));
    else if (!ranges.includes(normal)) ranges.push(normal);
  }
  if (bad.length > 0) throw badRequest(bad[0]!, bad);
  return {
    name: body.name,
    address: body.address ? body.address : null,
    latitude: body.latitude,
    longitude: body.longitude,
    radius_m: body.radius_m,
    network_ranges: ranges,
    active: body.active ?? true,
  };
}

export async function listPlaces({ db }: SelfDeps, active?: boolean): Promise<CheckInPlace[]> {
  return repo.listPlaces(db, active);
}

export async function createPlace({ db }: SelfDeps, user: SessionUser, body: PlaceCreateBody): Promise<CheckInPlace> {
  const values = placeValues(body);
  return db.transaction(async (tx) => {
    const row = await repo.insertPlace(tx, values, user.userId);
    await recordHistory(tx, { tableName: repo.PLACES_TABLE, recordId: row.id, action: 'CREATE', changes: diffFields(null, placeRecord(row), PLACE_FIELDS), newRecord: placeRecord(row), by: user });
    return row;
  });
}

export async function updatePlace({ db }: SelfDeps, user: SessionUser, id: number, body: PlaceUpdateBody): Promise<CheckInPlace> {
  const values = placeValues(body);
  return db.transaction(async (tx) => {
    const before = await repo.findPlace(tx, id, true);
    if (!before) throw notFound(M.placeNotFound);
    if (before.version !== body.version) throw conflict();
    const after = await repo.updatePlace(tx, id, body.version, values);
    if (!after) throw conflict();
    const action = before.active !== after.active ? 'STATUS' : 'UPDATE';
    await recordHistory(tx, { tableName: repo.PLACES_TABLE, recordId: id, action, changes: diffFields(placeRecord(before), placeRecord(after), PLACE_FIELDS), newRecord: placeRecord(after), by: user });
    return after;
  });
}

export async function placeHistory({ db, clock }: SelfDeps, id: number) {
  if (!(await repo.findPlace(db, id))) throw notFound(M.placeNotFound);
  return listHistory(db, repo.PLACES_TABLE, id, clock.timeZone);
}

// ---- the rules ----

type Position = { latitude: number; longitude: number; accuracy: number | null };
type Verdict =
  | { ok: true; method: SelfPunchMethod; placeId: number | null; placeName: string | null; distance: number | null }
  | { ok: false; reason: string; message: string; status: number; placeId: number | null; distance: number | null };

/** The places a mode allows: the listed ones (LISTED_PLACES), else every active place (ANYWHERE records the nearest). */
function allowedPlaces(all: readonly repo.PlaceRecord[], mode: SelfCheckInMode, ids: readonly number[]): repo.PlaceRecord[] {
  return mode === 'LISTED_PLACES' ? all.filter((p) => ids.includes(p.id)) : [...all];
}

/** Rules 2 and 3 of the design: network range, else the fence with the accuracy; ANYWHERE needs only a position. */
export function judgeLocation(mode: SelfCheckInMode, places: readonly repo.PlaceRecord[], position: Position | null, address: string | null): Verdict {
  const withDistance = position
    ? places.map((p) => ({ p, d: Math.round(distanceMetres(position.latitude, position.longitude, p.latitude, p.longitude)) })).sort((a, b) => a.d - b.d)
    : [];
  const nearest = withDistance[0];
  if (mode === 'ANYWHERE') {
    if (!position) return { ok: false, reason: 'LOCATION_REQUIRED', message: M.locationRequired, status: 403, placeId: null, distance: null };
    return { ok: true, method: 'ANYWHERE', placeId: nearest?.p.id ?? null, placeName: nearest?.p.name ?? null, distance: nearest?.d ?? null };
  }
  if (places.length === 0) return { ok: false, reason: 'NO_PLACE_ALLOWED', message: M.noPlaceAllowed, status: 403, placeId: null, distance: null };
  if (address !== null) {
    const byNetwork = places.find((p) => p.network_ranges.length > 0 && addressInRanges(address, p.network_ranges));
    if (byNetwork) {
      const d = withDistance.find((x) => x.p.id === byNetwork.id)?.d ?? null;
      return { ok: true, method: 'NETWORK', placeId: byNetwork.id, placeName: byNetwork.name, distance: d };
    }
  }
  if (!position || !nearest) return { ok: false, reason: 'LOCATION_REQUIRED', message: M.locationRequired, status: 403, placeId: null, distance: null };
  const accuracy = position.accuracy ?? 0;
  const inside = withDistance.find((x) => x.d <= x.p.radius_m && accuracy <= x.p.radius_m);
  if (inside) return { ok: true, method: 'GPS', placeId: inside.p.id, placeName: inside.p.name, distance: inside.d };
  const { p, d } = nearest;
  if (accuracy > p.radius_m) {
    return { ok: false, reason: 'ACCURACY_TOO_POOR', message: M.accuracyTooPoor(String(Math.round(accuracy)), p.name, String(p.radius_m)), status: 403, placeId: p.id, distance: d };
  }
  return { ok: false, reason: 'OUTSIDE_PLACE', message: M.outsidePlace(String(d), p.name, String(p.radius_m)), status: 403, placeId: p.id, distance: d };
}

/** Rule 4: the instant of the punch. Online: the server's clock. Offline: taken_at corrected by the device's skew. */
export function punchInstant(nowMs: number, body: Pick<SelfPunchBody, 'taken_at' | 'device_now'>): { ms: number; deviceMs: number | null } | { error: string } {
  if (body.taken_at == null || body.device_now == null) return { ms: nowMs, deviceMs: null };
  const taken = parseIsoInstant(body.taken_at);
  const deviceNow = parseIsoInstant(body.device_now);
  if (taken === undefined || deviceNow === undefined) return { error: M.takenAtInvalid };
  return { ms: taken + (nowMs - deviceNow), deviceMs: taken };
}

class Refused extends AppError {
  constructor(
    status: number,
    message: string,
    readonly reason: string,
  ) {
    super(status, message);
  }
}

type AttemptBase = Omit<repo.AttemptValues, 'outcome' | 'reason' | 'message'>;

/** A refusal: its attempt row in its own transaction, then the answer. */
async function refuse(db: Db, base: AttemptBase, reason: string, message: string, status: number, extra: Partial<AttemptBase> = {}): Promise<never> {
  await repo.insertAttempt(db, { ...base, ...extra, outcome: 'REFUSED', reason, message });
  throw new Refused(status, message, reason);
}

const dayBounds = (date: string, timeZone: string) => ({
  from: new Date(instantOfLocal(date, 0, timeZone)).toISOString(),
  to: new Date(instantOfLocal(date, 24 * 60, timeZone)).toISOString(),
});

/**
 * The punch day holding the instant `ms` and its window (RULES.md §4): the night before while a shift that ended
 * past midnight still owns the morning's punches, else the calendar day. The windows are the ones the recalculation
 * stored (the one owner of the rule is the day engine); a day it has not written yet is its calendar day.
 */
async function punchDayAt(db: Db, employeeId: number, ms: number, timeZone: string): Promise<{ date: string; from: string; to: string }> {
  const calendar = companyToday(timeZone, new Date(ms));
  const { from, to } = dayBounds(calendar, timeZone);
  return repo.punchDayAt(db, employeeId, new Date(ms).toISOString(), calendar, from, to);
}

/** Check in or check out: whether the punch at `ms` has a punch before it in its punch day (the rule of punchDayAt). */
async function actionAt(db: DbOrTx, employeeId: number, ms: number, timeZone: string): Promise<SelfPunchAction> {
  const calendar = companyToday(timeZone, new Date(ms));
  const before = await repo.hasPunchBeforeInItsDay(db, employeeId, new Date(ms).toISOString(), calendar, dayBounds(calendar, timeZone).from);
  return before ? 'CHECK_OUT' : 'CHECK_IN';
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let x: unknown = e; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause) if ((x as { code?: unknown }).code === '23505') return true;
  return false;
};

type StoreInput = {
  employeeId: number;
  instantMs: number;
  source: 'web' | 'kiosk';
  key: string;
  method: SelfPunchMethod;
  position: Position | null;
  placeId: number | null;
  distance: number | null;
  deviceMs: number | null;
  sentLate: boolean;
  kioskId: number | null;
  base: AttemptBase;
  by: HistoryAuthor;
  /** The TMS account mapping the punch's day, when the caller has read it already. */
  account?: string;
};

/**
 * Stores one accepted self punch through the punch intake, with its evidence (and, when late, its LATE attempt) in
 * the same transaction; the rate rule is checked there under a per-employee lock. Answers the punch id and whether it
 * checks in or out, or 'replay' when the same key was stored meanwhile. The action is read inside the transaction: on
 * the embedded database every statement outside one queues again for its one thread, behind whatever else waits (a
 * grid list, the recalculation), so this saves the punch a wait.
 */
async function storeSelfPunch(deps: SelfDeps, s: StoreInput): Promise<{ id: number; action: SelfPunchAction } | 'replay'> {
  const { db, clock } = deps;
  const instant = new Date(s.instantMs).toISOString();
  const date = companyToday(clock.timeZone, new Date(s.instantMs));
  let account = s.account ?? (await repo.selfAccount(db, s.employeeId, date, SELF_CHECK_IN_SYSTEM));
  if (account === undefined) {
    // The safety net: the policy allows it (checked), but no config maps the account yet.
    await db.transaction((tx) => ensureSelfCheckInConfigs(tx, [s.employeeId], clock.today(), s.by));
    account = await repo.selfAccount(db, s.employeeId, date, SELF_CHECK_IN_SYSTEM);
    if (account === undefined) throw new AppError(409, M.notAllowed);
  }
  let punchId = 0;
  let action: SelfPunchAction = 'CHECK_IN';
  try {
    await storePunches(deps, [{ s: SELF_CHECK_IN_SYSTEM, a: account, t: instant }], s.source, async (tx: Tx) => {
      await repo.lockEmployeePunches(tx, s.employeeId);
      const punch = await repo.storedPunchAndNeighbour(tx, { system: SELF_CHECK_IN_SYSTEM, account, at: instant, employeeId: s.employeeId, windowMs: SELF_PUNCH_MIN_INTERVAL_MS });
      if (!punch) throw new AppError(409, M.rateLimited);
      punchId = punch.id;
      if (punch.near) throw new Refused(429, M.rateLimited, 'RATE_LIMITED');
      await repo.insertSelfPunch(tx, {
        punchId: punch.id,
        employeeId: s.employeeId,
        source: s.source,
        idempotencyKey: s.key,
        method: s.method,
        latitude: s.position?.latitude ?? null,
        longitude: s.position?.longitude ?? null,
        accuracyM: s.position?.accuracy ?? null,
        placeId: s.placeId,
        distanceM: s.distance,
        networkAddress: s.base.networkAddress,
        userAgent: s.base.userAgent,
        deviceTime: s.deviceMs === null ? null : new Date(s.deviceMs).toISOString(),
        receivedAt: s.base.receivedAt,
        sentLate: s.sentLate,
        kioskId: s.kioskId,
      });
      if (s.sentLate) {
        await repo.insertAttempt(tx, { ...s.base, placeId: s.placeId, distanceM: s.distance, punchedAt: instant, outcome: 'LATE', reason: 'SENT_LATE', message: M.sentLate });
      }
      action = await actionAt(tx, s.employeeId, s.instantMs, clock.timeZone);
    });
  } catch (e) {
    if (e instanceof Refused) await refuse(db, { ...s.base, punchedAt: instant }, e.reason, e.message, e.statusCode);
    if (isUniqueViolation(e)) return 'replay';
    throw e;
  }
  return { id: punchId, action };
}

// ---- web ----

function requireEmployee(user: SessionUser): number {
  if (user.employeeId === null) throw forbidden(M.noEmployee);
  return user.employeeId;
}

/** GET /self-check-in/today. */
export async function today({ db, clock }: SelfDeps, user: SessionUser): Promise<SelfToday> {
  const employeeId = requireEmployee(user);
  const now = clock.now();
  const { date, from, to } = await punchDayAt(db, employeeId, now.getTime(), clock.timeZone);
  const ctx = await repo.selfContext(db, employeeId, date);
  if (!ctx) throw forbidden(M.noEmployee);
  const punches = await repo.punchesBetween(db, employeeId, from, to);
  const mode = ctx.mode as SelfCheckInMode;
  const places = mode === 'OFF' ? [] : allowedPlaces(await repo.listPlaces(db, true), mode, ctx.place_ids);
  return {
    server_time: now.toISOString(),
    date,
    schedule: ctx.schedule_name ? { name: ctx.schedule_name, start: ctx.start, end: ctx.end } : null,
    punches: punches.map((p) => ({ time: p.punched_at, source: p.source, place_name: p.place_name, sent_late: Boolean(p.sent_late) })),
    next_action: punches.length === 0 ? 'CHECK_IN' : 'CHECK_OUT',
    mode,
    places: places.map((p) => ({ id: p.id, name: p.name, latitude: p.latitude, longitude: p.longitude, radius_m: p.radius_m })),
    has_pin: (await repo.pinHashOf(db, employeeId)) !== undefined,
  };
}

async function replayOf(db: Db, employeeId: number, key: string, timeZone: string): Promise<SelfPunchResult | undefined> {
  const found = await repo.findByKey(db, employeeId, key);
  return found ? replayAnswer(db, employeeId, found, timeZone) : undefined;
}

/** The answer of a replayed key: the first punch, as it was stored. */
async function replayAnswer(db: Db, employeeId: number, found: repo.StoredSelfPunch, timeZone: string): Promise<SelfPunchResult> {
  return {
    punch_id: found.punch_id,
    punched_at: found.punched_at,
    action: await actionAt(db, employeeId, Date.parse(found.punched_at), timeZone),
    method: found.method as SelfPunchMethod,
    place_name: found.place_name,
    distance_m: found.distance_m,
    sent_late: found.sent_late,
    replayed: true,
  };
}

/** POST /self-check-in/punches. */
export async function webPunch(deps: SelfDeps, user: SessionUser, body: SelfPunchBody, meta: RequestMeta): Promise<SelfPunchResult> {
  const { db, clock } = deps;
  const employeeId = requireEmployee(user);
  const nowMs = clock.now().getTime();
  const today = clock.today();
  const ctx = await repo.punchContext(db, employeeId, today, body.idempotency_key, SELF_CHECK_IN_SYSTEM);
  if (ctx?.replay) return replayAnswer(db, employeeId, ctx.replay, clock.timeZone);

  const position: Position | null = body.latitude != null && body.longitude != null ? { latitude: body.latitude, longitude: body.longitude, accuracy: body.accuracy_m ?? null } : null;
  const base: AttemptBase = {
    employeeId,
    staffId: null,
    source: 'web',
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    accuracyM: position?.accuracy ?? null,
    placeId: null,
    distanceM: null,
    ...metaOf(meta),
    deviceTime: null,
    punchedAt: null,
    receivedAt: new Date(nowMs).toISOString(),
    kioskId: null,
  };
  const instant = punchInstant(nowMs, body);
  if ('error' in instant) throw badRequest(instant.error);
  if (instant.deviceMs !== null) base.deviceTime = new Date(instant.deviceMs).toISOString();

  const mode = (ctx?.mode ?? 'OFF') as SelfCheckInMode;
  if (mode === 'OFF') await refuse(db, base, 'NOT_ALLOWED', M.notAllowed, 403);

  const punchedAt = new Date(instant.ms).toISOString();
  if (instant.ms > nowMs + FUTURE_TOLERANCE_MS) await refuse(db, base, 'CLOCK_INVALID', M.clockInvalid, 400, { punchedAt });
  if (instant.ms < nowMs - OFFLINE_MAX_AGE_MS) await refuse(db, base, 'TOO_LATE', M.tooLate, 400, { punchedAt });
  const offline = instant.deviceMs !== null;

  // The network range tells where the request comes from now: it vouches for an online punch only.
  const places = allowedPlaces(ctx!.places, mode, ctx!.place_ids);
  const verdict = judgeLocation(mode, places, position, offline ? null : meta.ip);
  if (!verdict.ok) await refuse(db, base, verdict.reason, verdict.message, verdict.status, { placeId: verdict.placeId, distanceM: verdict.distance, punchedAt });
  const accepted = verdict as Extract<Verdict, { ok: true }>;

  const sentLate = instant.ms < nowMs - SENT_LATE_AFTER_MS;
  const stored = await storeSelfPunch(deps, {
    employeeId,
    instantMs: instant.ms,
    source: 'web',
    key: body.idempotency_key,
    method: accepted.method,
    position,
    placeId: accepted.placeId,
    distance: accepted.distance,
    deviceMs: instant.deviceMs,
    sentLate,
    kioskId: null,
    base,
    by: user,
    // The account read with the context maps today's punches; an offline punch of another day looks its own up.
    account: companyToday(clock.timeZone, new Date(instant.ms)) === today ? (ctx!.account ?? undefined) : undefined,
  });
  if (stored === 'replay') return (await replayOf(db, employeeId, body.idempotency_key, clock.timeZone))!;
  return {
    punch_id: stored.id,
    punched_at: punchedAt,
    action: stored.action,
    method: accepted.method,
    place_name: accepted.placeName,
    distance_m: accepted.distance,
    sent_late: sentLate,
    replayed: false,
  };
}

// ---- PIN and QR ----

async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(pin, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(pin, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}

export async function setPin({ db }: SelfDeps, user: SessionUser, pin: string): Promise<void> {
  const employeeId = requireEmployee(user);
  await repo.upsertPin(db, employeeId, await hashPin(pin));
}

const QR_SECRET_NAME = 'self_check_in_qr';
let qrSecretCache: { db: Db; secret: Buffer } | undefined;
async function qrSecret(db: Db): Promise<Buffer> {
  if (qrSecretCache?.db === db) return qrSecretCache.secret;
  const secret = Buffer.from(await repo.sharedSecret(db, QR_SECRET_NAME, randomBytes(32).toString('base64url')), 'base64url');
  qrSecretCache = { db, secret };
  return secret;
}
const qrMac = (secret: Buffer, employeeId: number, windowStart: number) => createHmac('sha256', secret).update(`${employeeId}.${windowStart}`).digest('base64url');

/** GET /self-check-in/qr: the code of the current 30 s window. */
export async function qrCode({ db, clock }: SelfDeps, user: SessionUser): Promise<SelfQr> {
  const employeeId = requireEmployee(user);
  const nowSec = Math.floor(clock.now().getTime() / 1000);
  const windowStart = nowSec - (nowSec % QR_WINDOW_SEC);
  const mac = qrMac(await qrSecret(db), employeeId, windowStart);
  return { code: `${QR_PREFIX}.${employeeId}.${windowStart}.${mac}`, expires_at: new Date((windowStart + QR_WINDOW_SEC) * 1000).toISOString() };
}

/** The employee of a QR code, or why not: valid in its window, and the previous one for 5 s of transit. */
export async function readQr(db: Db, code: string, nowMs: number): Promise<{ employeeId: number } | { error: 'QR_INVALID' | 'QR_EXPIRED' }> {
  const parts = code.split('.');
  if (parts.length !== 4 || parts[0] !== QR_PREFIX || !/^\d{1,10}$/.test(parts[1]!) || !/^\d{1,12}$/.test(parts[2]!)) return { error: 'QR_INVALID' };
  const employeeId = Number(parts[1]);
  const windowStart = Number(parts[2]);
  const expected = Buffer.from(qrMac(await qrSecret(db), employeeId, windowStart));
  const given = Buffer.from(parts[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { error: 'QR_INVALID' };
  const nowSec = nowMs / 1000;
  if (nowSec < windowStart - 1 || nowSec >= windowStart + QR_WINDOW_SEC + QR_GRACE_SEC) return { error: 'QR_EXPIRED' };
  return { employeeId };
}

// ---- kiosks ----

const KIOSK_FIELDS = ['name', 'place_id', 'active'] as const;

export async function listKiosks({ db }: SelfDeps): Promise<Kiosk[]> {
  return repo.listKiosks(db);
}

/** A new kiosk; the token (256 random bits, base64url) is answered this once, only its sha256 is kept. */
export async function createKiosk({ db }: SelfDeps, user: SessionUser, body: KioskCreateBody): Promise<Kiosk & { token: string }> {
  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const place = await repo.findPlace(tx, body.place_id);
    if (!place || !place.active) throw badRequest(M.kioskPlaceInactive);
    const id = await repo.insertKiosk(tx, { name: body.name, placeId: body.place_id, tokenHash: hashToken(token), by: user.userId });
    const record = { name: body.name, place_id: body.place_id, active: true };
    await recordHistory(tx, { tableName: repo.KIOSKS_TABLE, recordId: id, action: 'CREATE', changes: diffFields(null, record, KIOSK_FIELDS), newRecord: record, by: user });
    return { ...(await repo.findKiosk(tx, id))!, token };
  });
}

export async function revokeKiosk({ db }: SelfDeps, user: SessionUser, id: number): Promise<Kiosk> {
  return db.transaction(async (tx) => {
    const before = await repo.findKiosk(tx, id);
    if (!before) throw notFound(M.kioskNotFound);
    if (!(await repo.revokeKiosk(tx, id))) throw conflict(M.kioskAlreadyRevoked);
    await recordHistory(tx, {
      tableName: repo.KIOSKS_TABLE,
      recordId: id,
      action: 'STATUS',
      changes: [{ field: 'active', oldValue: true, newValue: false }],
      newRecord: { name: before.name, place_id: before.place_id, active: false },
      by: user,
    });
    return (await repo.findKiosk(tx, id))!;
  });
}

const KIOSK_TOKEN_MAX = 200;

/** The active kiosk of the token header, or 401 (unknown, revoked, or its place no longer active). */
export async function authenticateKiosk({ db }: SelfDeps, token: string | undefined): Promise<repo.ActiveKiosk> {
  const t = token?.trim();
  const found = t && t.length <= KIOSK_TOKEN_MAX ? await repo.findActiveKiosk(db, hashToken(t)) : undefined;
  if (!found || !found.place_active) throw unauthorized(M.kioskTokenInvalid);
  if (found.touch) await repo.touchKiosk(db, found.id);
  return found;
}

export function kioskInfo({ clock }: SelfDeps, kiosk: repo.ActiveKiosk) {
  return { place_name: kiosk.place_name, kiosk_name: kiosk.name, server_time: clock.now().toISOString() };
}

const hhmm = (iso: string, timeZone: string) => (formatInstant(iso, timeZone) ?? '').slice(11, 16);

/** POST /kiosk/punches: staff ID + PIN (locked per kiosk after 5 wrong) or a QR code; the kiosk's place is the punch's. */
export async function kioskPunch(deps: SelfDeps, kiosk: repo.ActiveKiosk, body: KioskPunchBody, meta: RequestMeta): Promise<KioskPunchResult> {
  const { db, clock } = deps;
  const nowMs = clock.now().getTime();
  const base: AttemptBase = {
    employeeId: null,
    staffId: null,
    source: 'kiosk',
    latitude: null,
    longitude: null,
    accuracyM: null,
    placeId: kiosk.place_id,
    distanceM: null,
    ...metaOf(meta),
    deviceTime: null,
    punchedAt: null,
    receivedAt: new Date(nowMs).toISOString(),
    kioskId: kiosk.id,
  };
  let employeeId: number;
  let method: SelfPunchMethod;
  if (body.qr_code) {
    const read = await readQr(db, body.qr_code, nowMs);
    if ('error' in read) await refuse(db, base, read.error, read.error === 'QR_EXPIRED' ? M.qrExpired : M.qrInvalid, 403);
    employeeId = (read as { employeeId: number }).employeeId;
    method = 'QR';
  } else {
    const staffId = body.staff_id?.trim();
    if (!staffId || !body.pin) throw badRequest(M.kioskCredentialsRequired);
    const lockKey = staffId.toLowerCase();
    base.staffId = staffId;
    const state = await repo.pinFailure(db, kiosk.id, lockKey);
    if (state?.locked_until && Date.parse(state.locked_until) > nowMs) {
      await refuse(db, base, 'PIN_LOCKED', M.pinLocked(staffId, hhmm(state.locked_until, clock.timeZone)), 429);
    }
    const employee = await repo.employeeByStaffId(db, staffId);
    const stored = employee ? await repo.pinHashOf(db, employee.id) : undefined;
    const ok = stored !== undefined && (await pinMatches(body.pin, stored));
    if (!ok) {
      base.employeeId = employee?.id ?? null;
      const after = await repo.addPinFailure(db, kiosk.id, lockKey, PIN_MAX_FAILURES, new Date(nowMs + PIN_LOCK_MS).toISOString());
      if (after.locked_until && Date.parse(after.locked_until) > nowMs) await refuse(db, base, 'PIN_LOCKED', M.pinLocked(staffId, hhmm(after.locked_until, clock.timeZone)), 429);
      await refuse(db, base, 'WRONG_PIN', M.wrongPin, 403);
    }
    await repo.clearPinFailures(db, kiosk.id, lockKey);
    employeeId = employee!.id;
    method = 'PIN';
  }
  base.employeeId = employeeId;
  const name = (await repo.employeeName(db, employeeId)) ?? '';
  const replayed = await repo.findByKey(db, employeeId, body.idempotency_key);
  if (replayed) return { employee_name: name, punched_at: replayed.punched_at, action: await actionAt(db, employeeId, Date.parse(replayed.punched_at), clock.timeZone), replayed: true };

  const ctx = await repo.selfContext(db, employeeId, clock.today());
  const mode = (ctx?.mode ?? 'OFF') as SelfCheckInMode;
  if (mode === 'OFF') await refuse(db, base, 'NOT_ALLOWED', M.notAllowed, 403);
  if (mode === 'LISTED_PLACES' && !ctx!.place_ids.includes(kiosk.place_id)) await refuse(db, base, 'NO_PLACE_ALLOWED', M.noPlaceAllowed, 403);

  const stored = await storeSelfPunch(deps, {
    employeeId,
    instantMs: nowMs,
    source: 'kiosk',
    key: body.idempotency_key,
    method,
    position: null,
    placeId: kiosk.place_id,
    distance: null,
    deviceMs: null,
    sentLate: false,
    kioskId: kiosk.id,
    base,
    by: byUser(null),
  });
  if (stored !== 'replay') return { employee_name: name, punched_at: new Date(nowMs).toISOString(), action: stored.action, replayed: false };
  const punchedAt = (await repo.findByKey(db, employeeId, body.idempotency_key))!.punched_at;
  return { employee_name: name, punched_at: punchedAt, action: await actionAt(db, employeeId, Date.parse(punchedAt), clock.timeZone), replayed: true };
}

// ---- attempts (HR) ----

const filterOf = (q: CheckInAttemptQuery, timeZone: string): repo.AttemptFilter => ({
  from: q.from,
  to: q.to,
  employeeId: q.employee_id,
  outcome: q.outcome,
  reason: q.reason,
  source: q.source,
  placeId: q.place_id,
  timeZone,
});

function attemptRow(r: repo.AttemptRecord, timeZone: string): CheckInAttemptRow {
  return {
    id: r.id,
    received_at: r.received_at,
    received_at_format: formatInstant(r.received_at, timeZone) ?? '',
    outcome: r.outcome,
    reason: r.reason,
    message: r.message,
    employee: r.employee_id === null ? null : { id: r.employee_id, name: r.employee_name ?? '', user_name: r.employee_user_name ?? '', staff_id: r.employee_staff_id },
    staff_id: r.staff_id,
    source: r.source,
    latitude: r.latitude,
    longitude: r.longitude,
    accuracy_m: r.accuracy_m,
    place_id: r.place_id,
    place_name: r.place_name,
    distance_m: r.distance_m,
    network_address: r.network_address,
    user_agent: r.user_agent,
    device_time: r.device_time,
    punched_at: r.punched_at,
    kiosk_name: r.kiosk_name,
  };
}

export async function listAttempts({ db, clock }: SelfDeps, q: CheckInAttemptQuery): Promise<{ data: CheckInAttemptRow[]; page: PageInfo }> {
  const f = filterOf(q, clock.timeZone);
  const rows = await repo.listAttempts(db, f, { limit: q.size, offset: (q.page - 1) * q.size });
  return { data: rows.map((r) => attemptRow(r, clock.timeZone)), page: await pageInfo(q, rows, () => repo.countAttempts(db, f)) };
}

export const ATTEMPT_EXPORT_COLUMNS = [
  { header: 'Received', key: 'received', width: 20 },
  { header: 'Outcome', key: 'outcome', width: 10 },
  { header: 'Reason', key: 'reason', width: 20 },
  { header: 'Message', key: 'message', width: 60 },
  { header: 'Staff ID', key: 'staff_id', width: 16 },
  { header: 'Name', key: 'name', width: 28 },
  { header: 'Source', key: 'source', width: 8 },
  { header: 'Place', key: 'place', width: 24 },
  { header: 'Distance (m)', key: 'distance', width: 12 },
  { header: 'Latitude', key: 'latitude', width: 12 },
  { header: 'Longitude', key: 'longitude', width: 12 },
  { header: 'Accuracy (m)', key: 'accuracy', width: 12 },
  { header: 'Punch time', key: 'punched_at', width: 20 },
  { header: 'Device time', key: 'device_time', width: 20 },
  { header: 'Network address', key: 'network', width: 20 },
  { header: 'Kiosk', key: 'kiosk', width: 20 },
  { header: 'User agent', key: 'user_agent', width: 40 },
];

/** The export's rows, newest first, streamed by keyset pages. */
export async function* attemptExportRows({ db, clock }: SelfDeps, q: CheckInAttemptQuery) {
  const f = filterOf(q, clock.timeZone);
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const rows = await repo.attemptsAfter(db, f, after, 1000);
    for (const r of rows) {
      yield {
        received: formatInstant(r.received_at, clock.timeZone),
        outcome: r.outcome,
        reason: r.reason,
        message: r.message,
        staff_id: r.employee_staff_id ?? r.employee_user_name ?? r.staff_id,
        name: r.employee_name,
        source: r.source,
        place: r.place_name,
        distance: r.distance_m,
        latitude: r.latitude,
        longitude: r.longitude,
        accuracy: r.accuracy_m,
        punched_at: formatInstant(r.punched_at, clock.timeZone),
        device_time: formatInstant(r.device_time, clock.timeZone),
        network: r.network_address,
        kiosk: r.kiosk_name,
        user_agent: r.user_agent,
      };
    }
    if (rows.length < 1000) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.received_at, id: last.id };
  }
}
