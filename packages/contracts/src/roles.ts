/** Role codes as stored and sent by the identity system (RULES.md §2) and their short names used in rules. */
export const ROLE_CODES = {
  STAFF: 'TMS_Staff_1',
  GROUP_LEAD: 'TMS_GL_1',
  DULEAD: 'TMS_DL_1',
  HR: 'TMS_HR_1',
  HRM: 'TMS_HRM_1',
  ADMIN: 'TMS_Admin_1',
  GUEST: 'TMS_GUEST_1',
} as const;

export type Role = keyof typeof ROLE_CODES;
export type RoleCode = (typeof ROLE_CODES)[Role];

export const ROLES = Object.keys(ROLE_CODES) as Role[];

/** PM is not a stored role: it is the relation "manages at least one project" (RULES.md §2). */
export type Actor = Role | 'PM';

export const PRIVILEGED_ROLES = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Role[];

export const ROLE_NAMES: Record<Role, string> = {
  STAFF: 'Staff',
  GROUP_LEAD: 'Group Lead',
  DULEAD: 'Division Lead',
  HR: 'HR',
  HRM: 'HR Manager',
  ADMIN: 'Admin',
  GUEST: 'Guest',
};

export function roleFromCode(code: string): Role | undefined {
  return ROLES.find((r) => ROLE_CODES[r] === code);
}

export function hasAnyRole(roles: readonly string[], wanted: readonly Actor[]): boolean {
  return wanted.some((w) => roles.includes(w));
}
