import { GENERAL_CONFIG_LABELS, GENERAL_CONFIG_PATH, type GeneralConfigRow } from '@tms/contracts/general-config';
import { hoursHistoryValue, type HistoryValueFormats } from '../../../../components/history-format.ts';
import { RecordHistoryModal } from '../../../../components/record-history-modal.tsx';
import { generalConfigKeys } from '../../api/general-config-keys.ts';
import { leaveManagementTexts, type LeaveManagementT } from '../../i18n/index.ts';
import { formatPercent } from './general-config-format.ts';

/** Display names of the fields a history entry records (the form's labels). */
export const generalConfigFieldLabels = (t: LeaveManagementT): Record<string, string> => ({
  id: t('history.id'),
  ...Object.fromEntries(Object.keys(GENERAL_CONFIG_LABELS).map((field) => [field, t(`config.labels.${field as keyof typeof GENERAL_CONFIG_LABELS}`)])),
  object_type: t('config.objectType'),
  version: t('history.version'),
});

/** Values as the list writes them: hours with 2 decimals, the condition as a percent. */
export const GENERAL_CONFIG_FIELD_FORMATS: HistoryValueFormats = {
  seniorityLeaveHour: hoursHistoryValue,
  leaveHourInMonth: hoursHistoryValue,
  conditionalMonth: (value) => (typeof value === 'number' ? formatPercent(value) : String(value)),
};

/** 'General Configuration History' (spec 000 §2): the row's change entries, close only. */
export function GeneralConfigHistoryModal({ row, onClose }: { row: Pick<GeneralConfigRow, 'id'>; onClose: () => void }) {
  const { t } = leaveManagementTexts.useT();
  return (
    <RecordHistoryModal
      title={t('config.titles.history')}
      path={GENERAL_CONFIG_PATH}
      queryKey={generalConfigKeys.history(row.id)}
      id={row.id}
      onClose={onClose}
      fieldLabels={generalConfigFieldLabels(t)}
      fieldFormats={GENERAL_CONFIG_FIELD_FORMATS}
    />
  );
}
