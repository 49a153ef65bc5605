import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each Settings → Backups route (merged into EXPECTED_ACCESS): Admin only (issue 24). */
const B = '/api/tms/backups';
export const BACKUPS_ACCESS: Record<string, ExpectedAccess> = {
  [`GET ${B}`]: ['admin'],
  [`POST ${B}`]: ['admin'],
  [`GET ${B}/:name/download`]: ['admin'],
};
