import { ATTENDANCE_DEVICES_PATH } from '@tms/contracts/attendance-devices';
import { RecordHistoryModal } from '../../../components/record-history-modal.tsx';
import { deviceKeys } from '../api/attendance-devices-api.ts';
import { attendanceDevicesTexts } from '../i18n/index.ts';

/** 'Attendance Device History': registration, edits, (de)activations and commands, newest first. */
export function DeviceHistoryModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = attendanceDevicesTexts.useT();
  // Display names of the fields a device's history records.
  const fieldLabels: Record<string, string> = {
    serial_number: t('fields.serial_number'),
    name: t('fields.name'),
    system: t('fields.system'),
    time_zone: t('fields.time_zone'),
    active: t('fields.active'),
    command: t('fields.command'),
  };
  return <RecordHistoryModal title={t('history')} path={ATTENDANCE_DEVICES_PATH} queryKey={deviceKeys.history(id)} id={id} fieldLabels={fieldLabels} onClose={onClose} />;
}
