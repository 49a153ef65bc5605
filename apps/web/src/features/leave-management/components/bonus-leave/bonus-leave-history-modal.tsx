import type { BonusLeaveRow } from '@tms/contracts/bonus-leave';
import { hoursHistoryValue, type HistoryValueFormats } from '../../../../components/history-format.ts';
import { HistoryViewer } from '../../../../components/history-viewer.tsx';
import { useBonusLeaveHistory } from '../../api/get-bonus-leave-history.ts';

/** Display names of the fields a bonus leave history entry records (the form's labels). */
export const BONUS_LEAVE_FIELD_LABELS: Record<string, string> = {
  id: 'Id',
  employeeId: 'Employee Id',
  username: 'Staff',
  leaveHour: 'Leave Hour',
  applyDate: 'Apply Date',
  expireDate: 'Expire Date',
  description: 'Note',
  version: 'Version',
};

/** Hours as the list writes them (8.00, 12.50). */
export const BONUS_LEAVE_FIELD_FORMATS: HistoryValueFormats = { leaveHour: hoursHistoryValue };

/** 'Bonus Leave History' (spec 000 §2): the row's change entries, close only. */
export function BonusLeaveHistoryModal({ row, onClose }: { row: Pick<BonusLeaveRow, 'id'>; onClose: () => void }) {
  const history = useBonusLeaveHistory(row.id);
  return (
    <HistoryViewer
      open
      title="Bonus Leave History"
      entries={history.data}
      loading={history.isLoading}
      onClose={onClose}
      fieldLabels={BONUS_LEAVE_FIELD_LABELS}
      fieldFormats={BONUS_LEAVE_FIELD_FORMATS}
    />
  );
}
