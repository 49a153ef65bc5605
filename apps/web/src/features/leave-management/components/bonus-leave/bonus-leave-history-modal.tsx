import { BONUS_LEAVE_PATH, type BonusLeaveRow } from '@tms/contracts/bonus-leave';
import { hoursHistoryValue, type HistoryValueFormats } from '../../../../components/history-format.ts';
import { RECORD_FIELD_LABELS, RecordHistoryModal } from '../../../../components/record-history-modal.tsx';
import { bonusLeaveKeys } from '../../api/bonus-leave-keys.ts';

/** Display names of the fields a bonus leave history entry records (the form's labels). */
export const BONUS_LEAVE_FIELD_LABELS: Record<string, string> = {
  ...RECORD_FIELD_LABELS,
  leaveHour: 'Leave Hour',
  applyDate: 'Apply Date',
  expireDate: 'Expire Date',
  description: 'Note',
};

/** Hours as the list writes them (8.00, 12.50). */
export const BONUS_LEAVE_FIELD_FORMATS: HistoryValueFormats = { leaveHour: hoursHistoryValue };

/** 'Bonus Leave History' (spec 000 §2): the row's change entries, close only. */
export function BonusLeaveHistoryModal({ row, onClose }: { row: Pick<BonusLeaveRow, 'id'>; onClose: () => void }) {
  return (
    <RecordHistoryModal
      title="Bonus Leave History"
      path={BONUS_LEAVE_PATH}
      queryKey={bonusLeaveKeys.history(row.id)}
      id={row.id}
      onClose={onClose}
      fieldLabels={BONUS_LEAVE_FIELD_LABELS}
      fieldFormats={BONUS_LEAVE_FIELD_FORMATS}
    />
  );
}
