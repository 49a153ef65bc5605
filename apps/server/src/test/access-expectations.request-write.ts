import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the requests write side: create, edit, batch, status, assignee, lookups of the form (merged into EXPECTED_ACCESS). */
export const REQUEST_WRITE_ACCESS: Record<string, ExpectedAccess> = {};
