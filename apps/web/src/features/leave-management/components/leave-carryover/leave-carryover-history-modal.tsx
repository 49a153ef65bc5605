import { LEAVE_CARRYOVER_PATH, type LeaveCarryoverRow } from '@tms/contracts/leave-carryover';
import { hoursHistoryValue, type HistoryValueFormats } from '../../../../components/history-format.ts';
import { RecordHistoryModal } from '../../../../components/record-history-modal.tsx';
import { carryoverKeys } from '../../api/carryover-keys.ts';
import { leaveManagementTexts, type LeaveManagementT } from '../../i18n/index.ts';

/** Display names of the fields a carryover history entry records (the form's labels). */
export const carryoverFieldLabels = (t: LeaveManagementT): Record<string, string> => ({
  id: t('history.id'),
  employeeId: t('history.employeeId'),
  username: t('history.username'),
  version: t('history.version'),
  financialYear: t('carryover.financialYear'),
  leaveHours: t('carryover.leaveHourInput'),
  applyDate: t('common.dateApplied'),
  expireDate: t('common.dateExpired'),
  description: t('common.note'),
});

const FIELD_FORMATS: HistoryValueFormats = { leaveHours: hoursHistoryValue };

/** 'Leave Carryover History': the row's change entries, close only. */
export function CarryoverHistoryModal({ row, onClose }: { row: Pick<LeaveCarryoverRow, 'id'>; onClose: () => void }) {
  const { t } = leaveManagementTexts.useT();
  return (
    <RecordHistoryModal
      title={t('carryover.historyTitle')}
      path={LEAVE_CARRYOVER_PATH}
      queryKey={carryoverKeys.history(row.id)}
      id={row.id}
      onClose={onClose}
      fieldLabels={carryoverFieldLabels(t)}
      fieldFormats={FIELD_FORMATS}
    />
  );
}
