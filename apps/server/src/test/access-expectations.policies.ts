import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each route of staff and department policies and job info history (merged into EXPECTED_ACCESS). */
export const POLICY_ACCESS: Record<string, ExpectedAccess> = {};
