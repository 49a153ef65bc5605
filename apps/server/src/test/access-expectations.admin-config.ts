import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the attendance-check config, settings and logs (merged into EXPECTED_ACCESS). */
export const ADMIN_CONFIG_ACCESS: Record<string, ExpectedAccess> = {};
