import type { ExpectedAccess } from './access-groups.ts';

/** Who may call each Attendance Devices route (merged into EXPECTED_ACCESS): Admin only (contracts DEVICE_MANAGERS). */
export const ATTENDANCE_DEVICES_ACCESS: Record<string, ExpectedAccess> = {};
