/**
 * The kinds the notification centre filters by (issue 30 §4): each notification type belongs to one kind. No zod here:
 * the header bell loads this on every page. A type not listed is OTHER (backups, anything new).
 */
export const NOTIFICATION_KINDS = ['APPROVALS', 'MY_REQUESTS', 'TIMESHEET', 'REMINDERS', 'OTHER'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The listed types of each kind (OTHER is every type listed nowhere). */
export const NOTIFICATION_KIND_TYPES: Record<Exclude<NotificationKind, 'OTHER'>, readonly string[]> = {
  /** Something waits for the reader's decision. */
  APPROVALS: ['ASSIGNED', 'DELEGATED'],
  /** What happened to the reader's own items. */
  MY_REQUESTS: ['APPROVED', 'REJECTED', 'WITHDRAWN', 'CANCELLED', 'COMMENT', 'EXPIRED'],
  TIMESHEET: ['TIMESHEET_REVIEW', 'TIMESHEET_APPROVED', 'TIMESHEET_REJECTED', 'CALCULATION_FINISHED'],
  REMINDERS: ['REMINDER_APPROVALS', 'REMINDER_EXPLANATION', 'REMINDER_CHECK_OUT', 'REMINDER_PERIOD'],
};

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** The kind of a notification type. */
export function notificationKindOf(type: string): NotificationKind {
  for (const [kind, types] of Object.entries(NOTIFICATION_KIND_TYPES)) if (types.includes(type)) return kind as NotificationKind;
  return 'OTHER';
}
