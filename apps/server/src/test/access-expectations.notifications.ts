import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the notifications (merged into EXPECTED_ACCESS). */
export const NOTIFICATION_ACCESS: Record<string, ExpectedAccess> = {};
