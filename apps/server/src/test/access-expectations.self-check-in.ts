import type { ExpectedAccess } from './access-groups.ts';

/**
 * Who may call each self check-in route (issue 28; merged into EXPECTED_ACCESS): the own check-in page for everyone
 * signed in, places for Admin and HR (HRM reads them, for the attempts' place filter), kiosks for Admin, the kiosk device by its token only, attempts for HR, HRM, Admin.
 */
const T = '/api/tms';
export const SELF_CHECK_IN_ACCESS: Record<string, ExpectedAccess> = {
  [`GET ${T}/self-check-in/today`]: 'signed-in',
  [`POST ${T}/self-check-in/punches`]: 'signed-in',
  [`PUT ${T}/self-check-in/pin`]: 'signed-in',
  [`GET ${T}/self-check-in/qr`]: 'signed-in',
  [`GET ${T}/check-in-places`]: ['admin', 'hr', 'hrm'],
  [`POST ${T}/check-in-places`]: ['admin', 'hr'],
  [`PUT ${T}/check-in-places/:id`]: ['admin', 'hr'],
  [`GET ${T}/check-in-places/:id/history`]: ['admin', 'hr', 'hrm'],
  [`GET ${T}/kiosks`]: ['admin'],
  [`POST ${T}/kiosks`]: ['admin'],
  [`POST ${T}/kiosks/:id/revoke`]: ['admin'],
  [`GET ${T}/kiosk/info`]: 'device-key',
  [`POST ${T}/kiosk/punches`]: 'device-key',
  [`GET ${T}/check-in-attempts`]: ['admin', 'hr', 'hrm'],
  [`GET ${T}/check-in-attempts/export`]: ['admin', 'hr', 'hrm'],
};
