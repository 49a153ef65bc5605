import { ROLE_NAMES, type Role } from '@tms/contracts/roles';

/** A row's roles arrive as short names joined with ', ' (GROUP_LEAD, STAFF); shown by their display names. */
export function formatRoles(roles: string): string {
  return roles
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean)
    .map((role) => ROLE_NAMES[role as Role] ?? role)
    .join(', ');
}
