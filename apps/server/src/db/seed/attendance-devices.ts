import type { DbOrTx } from '../client.ts';
import type { SeededOrg } from './org.ts';

export type AttendanceDevicesDemo = { devices: number };

/** Demo attendance devices (issue 13). Stub: filled in by the devices work. */
export async function seedAttendanceDevicesDemo(_db: DbOrTx, _opts: { org: SeededOrg; timeZone: string }): Promise<AttendanceDevicesDemo> {
  return { devices: 0 };
}
