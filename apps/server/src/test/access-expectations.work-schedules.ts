import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the work schedule config and the work schedule report (merged into EXPECTED_ACCESS). */
export const WORK_SCHEDULE_CONFIG_ACCESS: Record<string, ExpectedAccess> = {};
