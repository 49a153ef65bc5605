import { PROJECT_LEAVE_PATH } from '@tms/contracts/project-leave';
import type { HistoryValueFormats } from '../../../components/history-format.ts';
import { RecordHistoryModal } from '../../../components/record-history-modal.tsx';
import { projectLeaveKeys } from '../api/project-leave-keys.ts';
import { projectLeaveTexts, type ProjectLeaveT } from '../i18n/index.ts';

/** Display names of the fields a project leave history entry records (the form's labels). */
export const projectLeaveFieldLabels = (t: ProjectLeaveT): Record<string, string> => ({
  id: t('history.id'),
  employeeId: t('history.employeeId'),
  username: t('history.username'),
  version: t('history.version'),
  projectId: t('history.projectId'),
  projectCode: t('projectCode'),
  leaveDay: t('leaveDay'),
  applyDate: t('applyDate'),
  expireDate: t('expiredDate'),
  attachFiles: t('attachFile'),
});

/** Attachments are listed by file name. */
export const projectLeaveFieldFormats = (t: ProjectLeaveT): HistoryValueFormats => ({
  attachFiles: (value) => (Array.isArray(value) ? value.join(', ') || t('history.noFiles') : String(value)),
});

/** 'Project Leave History' (spec 000 §2): the row's change entries, close only. */
export function ProjectLeaveHistoryModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = projectLeaveTexts.useT();
  return (
    <RecordHistoryModal
      title={t('historyTitle')}
      path={PROJECT_LEAVE_PATH}
      queryKey={projectLeaveKeys.history(id)}
      id={id}
      onClose={onClose}
      fieldLabels={projectLeaveFieldLabels(t)}
      fieldFormats={projectLeaveFieldFormats(t)}
    />
  );
}
