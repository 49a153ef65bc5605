import { ATTENDANCE_DEVICES_PATH, DEVICE_PAGE_TEXTS as T } from '@tms/contracts/attendance-devices';
import { RecordHistoryModal } from '../../../components/record-history-modal.tsx';
import { deviceKeys } from '../api/attendance-devices-api.ts';

/** Display names of the fields a device's history records. */
const FIELD_LABELS: Record<string, string> = {
  serial_number: 'Serial number',
  name: 'Name',
  system: 'System',
  time_zone: 'Time zone',
  active: 'Active',
  command: 'Command queued',
};

/** 'Attendance Device History': registration, edits, (de)activations and commands, newest first. */
export function DeviceHistoryModal({ id, onClose }: { id: number; onClose: () => void }) {
  return <RecordHistoryModal title={T.history} path={ATTENDANCE_DEVICES_PATH} queryKey={deviceKeys.history(id)} id={id} fieldLabels={FIELD_LABELS} onClose={onClose} />;
}
