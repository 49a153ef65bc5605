import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the special explanations (merged into EXPECTED_ACCESS). */
export const SPECIAL_EXPLANATION_ACCESS: Record<string, ExpectedAccess> = {};
