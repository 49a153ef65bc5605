/** The notifications page (English, the source; spec 001 §7.4). */
export const en = {
  title: 'Notifications',
  notification: 'Notification',
  date: 'Date',
  status: 'Status',
  action: 'Action',
  read: 'Read',
  unread: 'Unread',
  markRead: 'Mark read',
  markAllRead: 'Mark all as read',
  markedRead_one: '{{count}} notification marked as read',
  markedRead_other: '{{count}} notifications marked as read',
  empty: 'You have no notifications',
  emptyKind: 'No notifications of this kind',
  /** Issue 30 §4: the kind filter of the bell and the page. */
  kindLabel: 'Show',
  kinds: {
    ALL: 'All',
    APPROVALS: 'Approvals',
    MY_REQUESTS: 'My requests',
    TIMESHEET: 'Timesheet',
    REMINDERS: 'Reminders',
    OTHER: 'Other',
  },
};
