import type { Actor, Role } from './roles.ts';

/**
 * The route table of spec 002 §2 with the page access of RULES.md §2 "Pages by role".
 * One table for the web guard, the menu and the server's `permissions` list.
 * `access: 'public'` needs no session, `'signed-in'` any session; otherwise the actors listed.
 * `built` marks pages that exist today: only those reach the menu and default-path choice.
 */
export type RouteAccess = 'public' | 'signed-in' | readonly Actor[];

export type RouteDef = {
  name: string;
  path: string;
  title: string;
  access: RouteAccess;
  /** Parent page name whose permission also unlocks this route (detail pages). */
  parent?: string;
  /** Top menu group this page sits under. */
  menu?: MenuGroup;
  built: boolean;
};

export type MenuGroup = 'my-work' | 'timesheet' | 'leave-management' | 'employee' | 'policy-settings' | 'report' | 'configuration' | 'settings' | 'logs';

export const MENU_GROUPS: { key: MenuGroup; title: string; path: string }[] = [
  /** Issue 26 §2: the home of what needs the user, first in the menu for every role (not the default path). */
  { key: 'my-work', title: 'My Work', path: '/my-work' },
  { key: 'timesheet', title: 'Timesheet', path: '/timesheet' },
  { key: 'leave-management', title: 'Leave Management', path: '/leave-management' },
  { key: 'employee', title: 'Employee', path: '/employee' },
  { key: 'policy-settings', title: 'Policy Settings', path: '/policy-settings' },
  { key: 'report', title: 'Report', path: '/report' },
  { key: 'configuration', title: 'Configuration', path: '/configuration' },
  { key: 'settings', title: 'Settings', path: '/settings' },
  { key: 'logs', title: 'Logs', path: '/logs' },
];

const ALL_BUT_GUEST = ['STAFF', 'GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];
const EVERY_ROLE = [...ALL_BUT_GUEST, 'GUEST'] as const satisfies readonly Role[];
const PRIVILEGED = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];
const LEADS_AND_PRIVILEGED = ['HR', 'HRM', 'ADMIN', 'DULEAD', 'GROUP_LEAD'] as const satisfies readonly Role[];
/** RULES.md §2: /report and its pages, and the calls behind them (rows by data scope, RULES.md §3). */
export const REPORT_READERS = LEADS_AND_PRIVILEGED;

export const ROUTES = [
  { name: 'login', path: '/login', title: 'Login', access: 'public', built: true },
  { name: 'change-password', path: '/change-password', title: 'Change Password', access: 'signed-in', built: true },
  { name: 'update-leave', path: '/update-leave', title: 'Update Leave', access: ['HR', 'ADMIN'], built: true },
  { name: 'notifications', path: '/notifications', title: 'Notifications', access: 'signed-in', built: true },
  /** Issue 30 §2: the user's own profile with their calendar feeds; from the user menu. */
  { name: 'profile', path: '/profile', title: 'My Profile', access: 'signed-in', built: true },
  { name: 'not-found', path: '/404', title: 'Page Not Found', access: 'public', built: true },

  { name: 'my-work', path: '/my-work', title: 'My Work', access: 'signed-in', menu: 'my-work', built: true },
  /** Issue 28 §3: a shared tablet with a kiosk token and no user session. */
  { name: 'kiosk', path: '/kiosk', title: 'Kiosk', access: 'public', built: true },
  { name: 'timesheet', path: '/timesheet', title: 'Timesheet', access: ALL_BUT_GUEST, menu: 'timesheet', built: true },
  /**
   * Issue 28 §2: self check-in, for every role with an employee (the server answers 403 without one); the landing page
   * on a phone (the web's DefaultRedirect) and a header button on a desktop. Under Timesheet, after its first page, so
   * My Work keeps its one page and the landing paths stay spec 002's.
   */
  { name: 'check-in', path: '/check-in', title: 'Check in', access: ALL_BUT_GUEST, menu: 'timesheet', built: true },
  { name: 'request-management', path: '/timesheet/request-management', title: 'Request Management', access: EVERY_ROLE, menu: 'timesheet', built: true },
  { name: 'team-calendar', path: '/timesheet/team-calendar', title: 'Team Calendar', access: EVERY_ROLE, menu: 'timesheet', built: true },
  { name: 'onsite-management', path: '/timesheet/onsite-management', title: 'Onsite Management', access: ALL_BUT_GUEST, menu: 'timesheet', built: true },
  { name: 'overtime-management', path: '/timesheet/overtime-management', title: 'Overtime Management', access: ALL_BUT_GUEST, menu: 'timesheet', built: true },
  { name: 'overtime-detail', path: '/timesheet/overtime-management/:id', title: 'Overtime Detail', access: ALL_BUT_GUEST, parent: 'overtime-management', built: true },
  { name: 'explanation-management', path: '/timesheet/explanation-management', title: 'Explanation Management', access: ALL_BUT_GUEST, menu: 'timesheet', built: true },
  { name: 'delegation-management', path: '/timesheet/delegation-management', title: 'Delegation Management', access: ['GROUP_LEAD', 'DULEAD', 'HR', 'HRM', 'ADMIN'], menu: 'timesheet', built: true },
  { name: 'abnormal-case', path: '/timesheet/abnormal-case', title: 'Abnormal Case', access: ALL_BUT_GUEST, menu: 'timesheet', built: true },
  { name: 'checkin-checkout', path: '/timesheet/checkin-checkout', title: 'Check In-Out Time', access: ALL_BUT_GUEST, menu: 'timesheet', built: true },
  { name: 'special-explanation', path: '/timesheet/special-explanation', title: 'Special Explanation', access: PRIVILEGED, menu: 'timesheet', built: true },

  { name: 'annual-leave', path: '/leave-management/annual-leave', title: 'Annual Leave', access: LEADS_AND_PRIVILEGED, menu: 'leave-management', built: true },
  { name: 'project-leave', path: '/leave-management/project-leave', title: 'Project Leave', access: [...LEADS_AND_PRIVILEGED, 'PM'], menu: 'leave-management', built: true },
  { name: 'project-leave-detail', path: '/leave-management/project-leave/:id', title: 'Project Leave Detail', access: [...LEADS_AND_PRIVILEGED, 'PM'], parent: 'project-leave', built: true },

  { name: 'employee-management', path: '/employee/employee-management', title: 'Employee Management', access: PRIVILEGED, menu: 'employee', built: true },
  { name: 'job-info-history', path: '/employee/job-info-history', title: 'Job Info History', access: PRIVILEGED, menu: 'employee', built: true },
  { name: 'configuration', path: '/configuration', title: 'Configuration', access: PRIVILEGED, menu: 'configuration', built: true },
  { name: 'report', path: '/report', title: 'Report', access: REPORT_READERS, menu: 'report', built: true },
  { name: 'report-detail', path: '/report/detail', title: 'Timesheets Details', access: REPORT_READERS, parent: 'report', built: true },
  { name: 'report-summary', path: '/report/summary', title: 'Timesheets Summary', access: REPORT_READERS, parent: 'report', built: true },
  { name: 'report-check-time', path: '/report/checkTime', title: 'Check in - Check out', access: REPORT_READERS, parent: 'report', built: true },
  { name: 'report-policy-mapping', path: '/report/policy-mapping', title: 'Work Schedule Report', access: REPORT_READERS, parent: 'report', built: true },
  // Issue 27 §2: the Overtime compliance report (TMS Report tab).
  { name: 'report-ot-compliance', path: '/report/overtime-compliance', title: 'Overtime compliance', access: REPORT_READERS, parent: 'report', built: true },
  { name: 'settings-config', path: '/settings/settings-config', title: 'Settings', access: PRIVILEGED, menu: 'settings', built: true },
  /** Issue 13: devices pushing over ADMS / iClock and the device keys of the punch API (Admin, RULES.md §4). */
  { name: 'attendance-devices', path: '/settings/attendance-devices', title: 'Attendance Devices', access: ['ADMIN'], menu: 'settings', built: true },
  /** Issue 29: approval flows (several steps, chosen by conditions). */
  { name: 'approval-flows', path: '/settings/approval-flows', title: 'Approval flows', access: ['HR', 'HRM', 'ADMIN'], menu: 'settings', built: true },
  { name: 'backups', path: '/settings/backups', title: 'Backups', access: ['ADMIN'], menu: 'settings', built: true },
  /** Issue 30 §3: signed webhooks (endpoints, delivery log). */
  { name: 'webhooks', path: '/settings/webhooks', title: 'Webhooks', access: ['ADMIN'], menu: 'settings', built: true },
  { name: 'policy-management', path: '/policy-settings/policy-management', title: 'Policy Management', access: PRIVILEGED, menu: 'policy-settings', built: true },
  { name: 'policy-management-employee', path: '/policy-settings/policy-management-employee/:id', title: 'Staff Policy History', access: PRIVILEGED, parent: 'policy-management', built: true },
  { name: 'policy-config', path: '/policy-settings/policy-config', title: 'Policy Config', access: PRIVILEGED, menu: 'policy-settings', built: true },
  { name: 'work-schedule-create', path: '/policy-settings/policy-config/work-schedule/create', title: 'Create work schedule', access: PRIVILEGED, parent: 'policy-config', built: true },
  { name: 'work-schedule-edit', path: '/policy-settings/policy-config/work-schedule/edit/:id', title: 'Edit work schedule', access: PRIVILEGED, parent: 'policy-config', built: true },
  { name: 'logs', path: '/logs', title: 'Logs', access: PRIVILEGED, menu: 'logs', built: true },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'];

export function routeByName(name: RouteName): RouteDef {
  return ROUTES.find((r) => r.name === name)!;
}

/** Whether an actor set (roles plus 'PM' when the user manages a project) unlocks the route. */
export function accessAllows(access: RouteAccess, actors: readonly Actor[], signedIn: boolean): boolean {
  if (access === 'public') return true;
  if (!signedIn) return false;
  if (access === 'signed-in') return true;
  return access.some((a) => actors.includes(a));
}

/** RULES.md §2: `permissions` are the route names the user's roles (and the PM relation) unlock. */
export function permissionsFor(actors: readonly Actor[]): RouteName[] {
  return ROUTES.filter((r) => r.access !== 'public' && accessAllows(r.access, actors, true)).map((r) => r.name);
}

/** Menu tabs: the groups holding at least one built page the user may open, with those pages. */
export type MenuTab = { key: MenuGroup; title: string; path: string; children: { name: RouteName; title: string; path: string }[] };

export function menuTabsFor(permissions: readonly string[]): MenuTab[] {
  return MENU_GROUPS.map((g) => ({
    ...g,
    children: ROUTES.filter((r) => 'menu' in r && r.menu === g.key && r.built && permissions.includes(r.name)).map((r) => ({
      name: r.name,
      title: r.title,
      path: r.path,
    })),
  })).filter((g) => g.children.length > 0);
}

/**
 * Default landing path: /timesheet for everyone and request management for guests (spec 002 §2),
 * falling back to the first built page the user may open while those pages are not built yet, and to the
 * layout's home ('/', an empty welcome) when none of the user's pages is built yet.
 */
export function defaultPathFor(permissions: readonly string[], isGuest: boolean): string {
  const preferred: RouteName = isGuest ? 'request-management' : 'timesheet';
  // My Work is one click away from every page but never the landing page (issue 26 §2 keeps spec 002's route table).
  const candidates = [preferred, ...ROUTES.filter((r) => 'menu' in r && r.name !== 'my-work').map((r) => r.name)];
  for (const name of candidates) {
    const r = routeByName(name as RouteName);
    if (r.built && permissions.includes(r.name)) return r.path;
  }
  return '/';
}
