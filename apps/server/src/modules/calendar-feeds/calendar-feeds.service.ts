import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import {
  CALENDAR_FEED_MAX_AGE_SECONDS,
  CALENDAR_FEED_MONTHS_AHEAD,
  CALENDAR_FEED_MONTHS_BACK,
  CALENDAR_FEED_SCOPES,
  CALENDAR_FEED_TEXTS,
  calendarFeedUrl,
  type CalendarFeed,
  type CalendarFeedCreated,
  type CalendarFeedScope,
  type MyProfile,
} from '@tms/contracts/calendar-feeds';
import { DEFAULT_LANGUAGE, type Language } from '@tms/contracts/language';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { dayjs, formatInstant } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';
import { recordHistory } from '../../lib/history.ts';
import { hashToken, type SessionUser } from '../../lib/session-user.ts';
import * as repo from './calendar-feeds.repository.ts';
import { holidayEvents, requestEvents, type FeedEvent } from './feed-events.ts';

export type CalendarFeedsDeps = { db: Db; clock: Clock };

const TABLE = 'calendar_feeds';

function dto(scope: CalendarFeedScope, row: repo.FeedRow | undefined, timeZone: string): CalendarFeed {
  return {
    scope,
    active: row !== undefined,
    createdAt: row ? formatInstant(row.created_at, timeZone) : null,
    lastFetchedAt: row ? formatInstant(row.last_fetched_at, timeZone) : null,
  };
}

/** One entry per scope: whether a live feed exists, when it was made and last read. Never the address. */
export async function listFeeds({ db, clock }: CalendarFeedsDeps, user: SessionUser): Promise<CalendarFeed[]> {
  const rows = await repo.liveFeeds(db, user.userId);
  return CALENDAR_FEED_SCOPES.map((scope) => dto(scope, rows.find((r) => r.scope === scope), clock.timeZone));
}

/**
 * Creates the scope's feed, revoking the live one in the same transaction (its address stops working at once). The
 * token is 32 random bytes (256 bits), base64url; only its sha256 is stored, so the address is answered only here.
 */
export async function createFeed({ db, clock }: CalendarFeedsDeps, user: SessionUser, scope: CalendarFeedScope, origin: string): Promise<CalendarFeedCreated> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const old = await repo.revokeLive(tx, user.userId, scope, now);
    if (old) await recordHistory(tx, { tableName: TABLE, recordId: old.id, action: 'STATUS', changes: [{ field: 'revoked', oldValue: false, newValue: true }], newRecord: { scope, revoked: true }, by: user });
    const created = await repo.insertFeed(tx, user.userId, scope, hashToken(token), now);
    await recordHistory(tx, { tableName: TABLE, recordId: created.id, action: 'CREATE', changes: [{ field: 'scope', oldValue: null, newValue: scope }], newRecord: { scope, userId: user.userId }, by: user });
    return created;
  });
  return { ...dto(scope, row, clock.timeZone), url: calendarFeedUrl(origin, token) };
}

export async function revokeFeed({ db, clock }: CalendarFeedsDeps, user: SessionUser, scope: CalendarFeedScope): Promise<CalendarFeed> {
  await db.transaction(async (tx) => {
    const old = await repo.revokeLive(tx, user.userId, scope, clock.now());
    if (!old) throw notFound();
    await recordHistory(tx, { tableName: TABLE, recordId: old.id, action: 'STATUS', changes: [{ field: 'revoked', oldValue: false, newValue: true }], newRecord: { scope, revoked: true }, by: user });
  });
  return dto(scope, undefined, clock.timeZone);
}

export async function myProfile({ db }: CalendarFeedsDeps, user: SessionUser, language: Language): Promise<MyProfile> {
  const row = await repo.myProfile(db, user.userId, language);
  if (!row) throw notFound();
  return { name: row.name ?? row.username, userName: row.username, department: row.department, division: row.division, roles: row.roles ?? [] };
}

export type FeedBody = { body: string; etag: string };

function toIcs(events: readonly FeedEvent[], name: string): string {
  const calendar = ical({ name, prodId: { company: 'tms', product: 'calendar-feed', language: 'EN' }, ttl: CALENDAR_FEED_MAX_AGE_SECONDS, method: ICalCalendarMethod.PUBLISH });
  for (const e of events) {
    calendar.createEvent({
      id: e.uid,
      summary: e.summary,
      start: e.start,
      end: e.end,
      allDay: e.allDay,
      stamp: e.stamp,
      lastModified: e.stamp,
      sequence: e.sequence,
      status: e.status === 'TENTATIVE' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      transparency: e.busy ? ICalEventTransparency.OPAQUE : ICalEventTransparency.TRANSPARENT,
    });
  }
  return calendar.toString();
}

/**
 * The feed of a token: 404 (no detail) for an unknown or revoked token, or a user who may no longer sign in. It holds
 * what the owner may see in the app (MINE: their own days; TEAM: the Team Calendar's people, no attendance states) and
 * the holidays of their calendar, from 3 months back to 12 ahead, in their language.
 */
export async function feedFor({ db, clock }: CalendarFeedsDeps, token: string): Promise<FeedBody> {
  const owner = token.length >= 40 ? await repo.feedByTokenHash(db, hashToken(token), clock.today()) : undefined;
  if (!owner) throw notFound();
  await repo.touchFetched(db, owner.feed_id, clock.now());
  const language = owner.language ?? DEFAULT_LANGUAGE;
  const today = dayjs(clock.today());
  const from = today.subtract(CALENDAR_FEED_MONTHS_BACK, 'month').format('YYYY-MM-DD');
  const to = today.add(CALENDAR_FEED_MONTHS_AHEAD, 'month').format('YYYY-MM-DD');
  const reader: repo.FeedReader = { userId: owner.user_id, roles: owner.roles ?? [], employeeId: owner.employee_id, isPm: owner.is_pm };
  const [days, holidays] = await Promise.all([
    owner.employee_id === null ? [] : repo.feedDays(db, { scope: owner.scope, reader, from, to, language }),
    owner.calendar_code === null ? [] : repo.holidaysOf(db, owner.calendar_code, from, to, language),
  ]);
  const events = [...holidayEvents(holidays, { scope: owner.scope, language }), ...requestEvents(days, { scope: owner.scope, language, timeZone: clock.timeZone })];
  const body = toIcs(events, CALENDAR_FEED_TEXTS[language].calendarName[owner.scope]);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}
