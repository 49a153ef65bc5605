import { BONUS_LEAVE_PATH, type BonusLeaveRow } from '@tms/contracts/bonus-leave';
import { hoursHistoryValue, type HistoryValueFormats } from '../../../../components/history-format.ts';
import { RecordHistoryModal } from '../../../../components/record-history-modal.tsx';
import { bonusLeaveKeys } from '../../api/bonus-leave-keys.ts';
import { leaveManagementTexts, type LeaveManagementT } from '../../i18n/index.ts';

/** Display names of the fields a bonus leave history entry records (the form's labels). */
export const bonusLeaveFieldLabels = (t: LeaveManagementT): Record<string, string> => ({
  id: t('history.id'),
  employeeId: t('history.employeeId'),
  username: t('history.username'),
  version: t('history.version'),
  leaveHour: t('bonus.leaveHour'),
  applyDate: t('common.applyDate'),
  expireDate: t('common.expireDate'),
  description: t('common.note'),
});

/** Hours as the list writes them (8.00, 12.50). */
export const BONUS_LEAVE_FIELD_FORMATS: HistoryValueFormats = { leaveHour: hoursHistoryValue };

/** 'Bonus Leave History' (spec 000 §2): the row's change entries, close only. */
export function BonusLeaveHistoryModal({ row, onClose }: { row: Pick<BonusLeaveRow, 'id'>; onClose: () => void }) {
  const { t } = leaveManagementTexts.useT();
  return (
    <RecordHistoryModal
      title={t('bonus.historyTitle')}
      path={BONUS_LEAVE_PATH}
      queryKey={bonusLeaveKeys.history(row.id)}
      id={row.id}
      onClose={onClose}
      fieldLabels={bonusLeaveFieldLabels(t)}
      fieldFormats={BONUS_LEAVE_FIELD_FORMATS}
    />
  );
}
