import { GENERAL_CONFIG_LABELS as L, GENERAL_CONFIG_PATH, GENERAL_CONFIG_TITLES as T, type GeneralConfigRow } from '@tms/contracts/general-config';
import { hoursHistoryValue, type HistoryValueFormats } from '../../../../components/history-format.ts';
import { RecordHistoryModal } from '../../../../components/record-history-modal.tsx';
import { generalConfigKeys } from '../../api/general-config-keys.ts';
import { formatPercent } from './general-config-format.ts';

/** Display names of the fields a history entry records (the form's labels). */
export const GENERAL_CONFIG_FIELD_LABELS: Record<string, string> = {
  id: 'Id',
  ...L,
  object_type: 'Object type',
  version: 'Version',
};

/** Values as the list writes them: hours with 2 decimals, the condition as a percent. */
export const GENERAL_CONFIG_FIELD_FORMATS: HistoryValueFormats = {
  seniorityLeaveHour: hoursHistoryValue,
  leaveHourInMonth: hoursHistoryValue,
  conditionalMonth: (value) => (typeof value === 'number' ? formatPercent(value) : String(value)),
};

/** 'General Configuration History' (spec 000 §2): the row's change entries, close only. */
export function GeneralConfigHistoryModal({ row, onClose }: { row: Pick<GeneralConfigRow, 'id'>; onClose: () => void }) {
  return (
    <RecordHistoryModal
      title={T.history}
      path={GENERAL_CONFIG_PATH}
      queryKey={generalConfigKeys.history(row.id)}
      id={row.id}
      onClose={onClose}
      fieldLabels={GENERAL_CONFIG_FIELD_LABELS}
      fieldFormats={GENERAL_CONFIG_FIELD_FORMATS}
    />
  );
}
