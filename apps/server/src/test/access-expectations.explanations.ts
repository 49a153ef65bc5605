import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the abnormal cases, explanation requests, explanation management (merged into EXPECTED_ACCESS). */
export const EXPLANATION_ACCESS: Record<string, ExpectedAccess> = {};
