import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each Attendance Devices route (merged into EXPECTED_ACCESS): Admin only (contracts DEVICE_MANAGERS). */
const B = '/api/tms/attendance-devices';
export const ATTENDANCE_DEVICES_ACCESS: Record<string, ExpectedAccess> = {
  [`GET ${B}`]: ['admin'],
  [`POST ${B}`]: ['admin'],
  [`PUT ${B}/:id`]: ['admin'],
  [`GET ${B}/history`]: ['admin'],
  [`GET ${B}/:id/commands`]: ['admin'],
  [`POST ${B}/:id/commands`]: ['admin'],
};
