import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each overtime route of this part (merged into EXPECTED_ACCESS). FOUNDATION STUB: its helper fills it. */
export const OVERTIME_LIST_ACCESS: Record<string, ExpectedAccess> = {};
