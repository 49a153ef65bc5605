import { z } from 'zod';
import type { Language } from './language.ts';
import { ROLES } from './roles.ts';
import { envelope } from './schemas.ts';

/**
 * Calendar feeds (issue 30 §2; docs/integrations.md "Calendar feeds"): each user may keep one secret feed address per
 * scope, which calendar clients (Google Calendar "From URL", Outlook "Subscribe from web") poll without a session.
 * MINE: the user's own leave, work outside and onsite days; TEAM: the absences the user may see in the Team Calendar.
 * The token is shown once, when the feed is created; only its sha256 is stored.
 */
export const CALENDAR_FEED_SCOPES = ['MINE', 'TEAM'] as const;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];

export const CALENDAR_FEED_PATHS = {
  /** GET my feeds (one entry per scope, whether live or not); POST `{ scope }` creates or re-creates one. */
  list: '/tms/calendar-feeds',
  /** DELETE revokes the live feed of the scope. */
  one: '/tms/calendar-feeds/:scope',
  /** GET the signed-in user's profile (name, username, department, roles) for the My profile page. */
  profile: '/tms/my-profile',
  /** The public feed, outside /tms: the token is the only credential. */
  feed: '/calendar/:token.ics',
} as const;
export const calendarFeedPath = (scope: CalendarFeedScope) => `/tms/calendar-feeds/${scope}`;

/** The address a feed is served at, from the public base (APP_URL, else the request's origin). */
export const calendarFeedUrl = (origin: string, token: string) => `${origin.replace(/\/+$/, '')}/api/calendar/${token}.ics`;

/** Calendar clients poll; 15 minutes keeps them polite without leaving a decision unseen for long. */
export const CALENDAR_FEED_MAX_AGE_SECONDS = 900;
/** The feed's window: from this many months back to this many ahead of today. */
export const CALENDAR_FEED_MONTHS_BACK = 3;
export const CALENDAR_FEED_MONTHS_AHEAD = 12;

export const calendarFeedScopeSchema = z.enum(CALENDAR_FEED_SCOPES);

export const calendarFeedSchema = z.object({
  scope: calendarFeedScopeSchema,
  /** A live (not revoked) feed exists for the scope. */
  active: z.boolean(),
  /** 'DD/MM/YYYY HH:mm:ss' in the company time zone; null without a live feed. */
  createdAt: z.string().nullable(),
  /** When a calendar client last read it ('DD/MM/YYYY HH:mm:ss', refreshed at most once a minute); null: never. */
  lastFetchedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedListResponseSchema = envelope(z.array(calendarFeedSchema));

export const calendarFeedCreateSchema = z.object({ scope: calendarFeedScopeSchema });
export type CalendarFeedCreate = z.infer<typeof calendarFeedCreateSchema>;
export const calendarFeedScopeParamsSchema = z.object({ scope: calendarFeedScopeSchema });

/** The answer of a create: the feed and its full address, which is never answered again. */
export const calendarFeedCreatedSchema = calendarFeedSchema.extend({ url: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
export const calendarFeedCreatedResponseSchema = envelope(calendarFeedCreatedSchema);
export const calendarFeedRevokedResponseSchema = envelope(calendarFeedSchema);

export const feedTokenParamsSchema = z.object({ token: z.string().max(200) });

export const myProfileSchema = z.object({
  name: z.string(),
  userName: z.string(),
  /** Names in the reader's language; null for a user without an employee record. */
  department: z.string().nullable(),
  division: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
});
export type MyProfile = z.infer<typeof myProfileSchema>;
export const myProfileResponseSchema = envelope(myProfileSchema);

type FeedTexts = {
  calendarName: Record<CalendarFeedScope, string>;
  status: { pending: string; approved: string };
  holiday: string;
  /** An hourly request without a time of day: its length in the title. */
  hours: (hours: string) => string;
};

/** The texts written into a feed, in the language the user chose (users.language). */
export const CALENDAR_FEED_TEXTS: Record<Language, FeedTexts> = {
  en: {
    calendarName: { MINE: 'My leave and onsite', TEAM: 'My team' },
    status: { pending: 'Pending', approved: 'Approved' },
    holiday: 'Holiday',
    hours: (hours) => `${hours} h`,
  },
  vi: {
    calendarName: { MINE: 'Nghỉ phép và onsite của tôi', TEAM: 'Nhóm của tôi' },
    status: { pending: 'Chờ duyệt', approved: 'Đã duyệt' },
    holiday: 'Ngày lễ',
    hours: (hours) => `${hours} giờ`,
  },
};
