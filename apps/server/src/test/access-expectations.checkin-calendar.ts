import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each route of this part (merged into EXPECTED_ACCESS). FOUNDATION STUB: its helper fills it. */
export const CHECKIN_CALENDAR_ACCESS: Record<string, ExpectedAccess> = {};
