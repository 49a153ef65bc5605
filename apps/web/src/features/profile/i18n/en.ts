import { ROLE_NAMES } from '@tms/contracts/roles';

/** My profile and its calendar feeds (issue 30 §2), English, the source. */
export const en = {
  title: 'My profile',
  fields: { name: 'Name', userName: 'Username', department: 'Department', division: 'Division', roles: 'Roles' },
  none: '—',
  roles: {
    STAFF: ROLE_NAMES.STAFF,
    GROUP_LEAD: ROLE_NAMES.GROUP_LEAD,
    DULEAD: ROLE_NAMES.DULEAD,
    HR: ROLE_NAMES.HR,
    HRM: ROLE_NAMES.HRM,
    ADMIN: ROLE_NAMES.ADMIN,
    GUEST: ROLE_NAMES.GUEST,
  },
  feeds: {
    title: 'Calendar feeds',
    intro:
      'Add your leave and your team’s absences to the calendar you already use. A feed is a secret address: anyone who has it can read the feed, so keep it to yourself. Calendar apps refresh it every few hours.',
    scopes: {
      MINE: { title: 'My leave and onsite', hint: 'Your own leave, work outside and onsite days, pending and approved, and your holidays.' },
      TEAM: { title: 'My team', hint: 'The absences you can see in the Team Calendar, with each person’s name, and your holidays.' },
    },
    none: 'No feed yet',
    created: 'Created {{date}}',
    lastFetched: 'Last read by a calendar app {{date}}',
    neverFetched: 'Not read by a calendar app yet',
    create: 'Create feed',
    recreate: 'Re-create',
    revoke: 'Revoke',
    recreateTitle: 'Re-create this feed?',
    recreateContent: 'A new address will be made. The old address stops working at once: calendars subscribed to it will no longer update.',
    revokeTitle: 'Revoke this feed?',
    revokeContent: 'The address stops working at once: calendars subscribed to it will no longer update.',
    addressLabel: 'Feed address',
    shownOnce: 'Copy this address now: it is shown only once. If you lose it, re-create the feed.',
    copy: 'Copy',
    copied: 'Address copied',
    copyFailed: 'Could not copy: the address is selected, copy it with your keyboard.',
    created_ok: 'Feed created',
    revoked_ok: 'Feed revoked',
    howTo: {
      title: 'How to subscribe',
      google: 'Google Calendar: Other calendars → + → From URL, paste the address, then Add calendar.',
      outlook: 'Outlook: Add calendar → Subscribe from web, paste the address, then Import.',
      apple: 'Apple Calendar: File → New Calendar Subscription, paste the address.',
    },
  },
} as const;
