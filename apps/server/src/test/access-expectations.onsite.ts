import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each route of onsite management (merged into EXPECTED_ACCESS). */
export const ONSITE_ACCESS: Record<string, ExpectedAccess> = {};
