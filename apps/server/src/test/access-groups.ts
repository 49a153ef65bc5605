/** The fixture users and the groups the access tables name (see access-expectations.ts). */
export const MATRIX_USERS = ['admin', 'hr', 'hrm', 'dl', 'gl', 'pm', 'staff', 'guest'] as const;
export type MatrixUser = (typeof MATRIX_USERS)[number];
export type ExpectedAccess = 'public' | 'signed-in' | 'device-key' | readonly MatrixUser[];

/** HR, HRM, ADMIN. */
export const PRIVILEGED_USERS = ['admin', 'hr', 'hrm'] as const satisfies readonly MatrixUser[];
/** HR, HRM, ADMIN, DULEAD, GROUP_LEAD. */
export const LEAD_AND_PRIVILEGED_USERS = ['admin', 'hr', 'hrm', 'dl', 'gl'] as const satisfies readonly MatrixUser[];
/** HR, HRM, ADMIN, DULEAD, GROUP_LEAD and PM. */
export const LEAD_PM_AND_PRIVILEGED_USERS = ['admin', 'hr', 'hrm', 'dl', 'gl', 'pm'] as const satisfies readonly MatrixUser[];
/** Every role but GUEST. */
export const ALL_BUT_GUEST_USERS = ['admin', 'hr', 'hrm', 'dl', 'gl', 'pm', 'staff'] as const satisfies readonly MatrixUser[];
