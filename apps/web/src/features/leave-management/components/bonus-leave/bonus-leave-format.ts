import { ROLE_NAMES } from '@tms/contracts/roles';
import { leaveManagementTexts } from '../../i18n/index.ts';

/**
 * A row's roles arrive as short names joined with ', ' (GROUP_LEAD, STAFF); shown by their display names in the
 * language read when called (the tables calling it re-render on a switch).
 */
export function formatRoles(roles: string): string {
  return roles
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean)
    .map((role) => (Object.hasOwn(ROLE_NAMES, role) ? leaveManagementTexts.t(`roles.${role as keyof typeof ROLE_NAMES}`) : role))
    .join(', ');
}
