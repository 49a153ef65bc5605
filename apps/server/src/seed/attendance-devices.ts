import type { DbOrTx } from '../db/client.ts';
import { attendanceDevices } from '../db/schema/attendance-devices.ts';
import type { SeededOrg } from './org.ts';

export type AttendanceDevicesDemo = { devices: number };

/**
 * Demo attendance devices (issue 13; docs/attendance-devices.md): an active gate in the company zone, which the device
 * script (scripts/) plays as `ZK-DEMO-0001`, and an inactive reader in another zone, so the page shows both states.
 * Neither has been in contact yet. Registered by admin.
 */
export async function seedAttendanceDevicesDemo(db: DbOrTx, opts: { org: SeededOrg; timeZone: string }): Promise<AttendanceDevicesDemo> {
  const createdBy = opts.org.byUserName.get('admin')?.userId ?? null;
  const rows = [
    { serialNumber: 'ZK-DEMO-0001', name: 'Head office gate', system: 'SPEEDGATE', timeZone: opts.timeZone, active: true, createdBy },
    { serialNumber: 'ZK-DEMO-0002', name: 'Old warehouse reader', system: 'TMS', timeZone: 'Asia/Bangkok', active: false, createdBy },
  ];
  await db.insert(attendanceDevices).values(rows);
  return { devices: rows.length };
}
