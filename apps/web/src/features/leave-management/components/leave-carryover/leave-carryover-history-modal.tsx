import { LEAVE_CARRYOVER_PATH, type LeaveCarryoverRow } from '@tms/contracts/leave-carryover';
import { hoursHistoryValue, type HistoryValueFormats } from '../../../../components/history-format.ts';
import { RECORD_FIELD_LABELS, RecordHistoryModal } from '../../../../components/record-history-modal.tsx';
import { carryoverKeys } from '../../api/carryover-keys.ts';

/** Display names of the fields a carryover history entry records (the form's labels). */
export const CARRYOVER_FIELD_LABELS: Record<string, string> = {
  ...RECORD_FIELD_LABELS,
  financialYear: 'Financial Year',
  leaveHours: 'Leave Hour(s)',
  applyDate: 'Date Applied',
  expireDate: 'Date Expired',
  description: 'Note',
};

const FIELD_FORMATS: HistoryValueFormats = { leaveHours: hoursHistoryValue };

/** 'Leave Carryover History': the row's change entries, close only. */
export function CarryoverHistoryModal({ row, onClose }: { row: Pick<LeaveCarryoverRow, 'id'>; onClose: () => void }) {
  return (
    <RecordHistoryModal
      title="Leave Carryover History"
      path={LEAVE_CARRYOVER_PATH}
      queryKey={carryoverKeys.history(row.id)}
      id={row.id}
      onClose={onClose}
      fieldLabels={CARRYOVER_FIELD_LABELS}
      fieldFormats={FIELD_FORMATS}
    />
  );
}
