import { defaultPathFor, type RouteDef } from '@tms/contracts/routes';

/**
 * Routes the guard lets through on a session alone (RULES.md §2: change password for every signed-in user).
 * decision: spec 002 §2 says no login guard applies to /update-leave, but RULES.md §2 gives that page to HR and
 * Admin only, so it goes through the permission check like any page (anyone else lands on /404); the server checks
 * its own access on every call too.
 */
export const IGNORE_PERMISSION: ReadonlySet<string> = new Set(['change-password', 'notifications']);

/** Spec 000 §6: allowed when the route ignores permissions or its name (or its parent page's) is in the list. */
export function isRouteAllowed(route: Pick<RouteDef, 'name' | 'parent'>, permissions: readonly string[]): boolean {
  if (IGNORE_PERMISSION.has(route.name)) return true;
  if (permissions.includes(route.name)) return true;
  return route.parent !== undefined && permissions.includes(route.parent);
}

/**
 * Where `/` sends the user: the server's `defaultPath`, else the contracts rule. '/' means none of the user's
 * pages is built yet: the layout's home shows a welcome instead of redirecting (no loop).
 */
export function landingPath(user: { defaultPath?: string | null; permissions: readonly string[]; roles: readonly string[] }): string {
  return user.defaultPath || defaultPathFor(user.permissions, user.roles.includes('GUEST') && user.roles.length === 1);
}

type Tab = { key: string; path: string; children: readonly { name: string; path: string }[] };

function under(pathname: string, base: string): boolean {
  const clean = base.replace(/\/:[^/]+.*$/, '');
  return pathname === clean || pathname.startsWith(`${clean}/`);
}

/** The top-menu tab holding the current path (its own path or one of its pages' paths). */
export function activeTabKey(tabs: readonly Tab[], pathname: string): string | undefined {
  const direct = tabs.find((t) => t.children.some((c) => under(pathname, c.path)));
  return (direct ?? tabs.find((t) => under(pathname, t.path)))?.key;
}

/** The sub-menu page of the current path; detail pages select their list page (longest matching path). */
export function activeChildName(tab: Tab | undefined, pathname: string): string | undefined {
  const matches = (tab?.children ?? []).filter((c) => under(pathname, c.path));
  matches.sort((a, b) => b.path.length - a.path.length);
  return matches[0]?.name;
}
