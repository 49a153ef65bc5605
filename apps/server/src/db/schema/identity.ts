import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Language } from '@tms/contracts/language';
import { employees } from './organisation.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 100 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    employeeId: integer('employee_id').references(() => employees.id),
    disabled: boolean('disabled').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The language the user chose (issue 25): their mails and notifications follow it; null = never chosen (English). */
    language: varchar('language', { length: 2 }).$type<Language>(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    index('users_employee_idx').on(t.employeeId),
    check('users_language_ck', sql`${t.language} in ('en', 'vi')`),
  ],
);

/** A user may hold several roles; values are the short names of contracts/roles.ts (STAFF, HR, ...). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 20 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** Opaque bearer tokens: only their SHA-256 is stored (RULES.md §2). */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed and successful password checks, for the rate limits per username + client address, per address and per
 * username (RULES.md §2; issue 7 §3). `kind` keeps sign-in and the old password of a password change apart.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull().default('login'),
    username: varchar('username', { length: 200 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_username_at_idx').on(t.username, t.at), index('login_attempts_ip_at_idx').on(t.ip, t.at)],
);

/** Key material shared by every replica (the login RSA key pair). */
export const appKeys = pgTable('app_keys', {
  name: varchar('name', { length: 50 }).primaryKey(),
  publicPem: text('public_pem').notNull(),
  privatePem: text('private_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
