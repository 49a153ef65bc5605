import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each Settings → Webhooks route (merged into EXPECTED_ACCESS): Admin only (issue 30 §3). */
const W = '/api/tms/webhooks';
export const WEBHOOKS_ACCESS: Record<string, ExpectedAccess> = {
  [`GET ${W}`]: ['admin'],
  [`POST ${W}`]: ['admin'],
  [`PUT ${W}/:id`]: ['admin'],
  [`DELETE ${W}/:id`]: ['admin'],
  [`POST ${W}/:id/rotate-secret`]: ['admin'],
  [`POST ${W}/:id/test`]: ['admin'],
  [`GET ${W}/:id/deliveries`]: ['admin'],
  [`POST ${W}/:id/deliveries/:deliveryId/redeliver`]: ['admin'],
};
