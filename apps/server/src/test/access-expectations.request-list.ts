import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each route of the request list, detail, on-site history, export, imports, attachments (merged into EXPECTED_ACCESS). */
export const REQUEST_LIST_ACCESS: Record<string, ExpectedAccess> = {};
