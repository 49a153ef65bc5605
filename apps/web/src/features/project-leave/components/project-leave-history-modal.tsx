import { PROJECT_LEAVE_PATH } from '@tms/contracts/project-leave';
import type { HistoryValueFormats } from '../../../components/history-format.ts';
import { RECORD_FIELD_LABELS, RecordHistoryModal } from '../../../components/record-history-modal.tsx';
import { projectLeaveKeys } from '../api/project-leave-keys.ts';

/** Display names of the fields a project leave history entry records (the form's labels). */
export const PROJECT_LEAVE_FIELD_LABELS: Record<string, string> = {
  ...RECORD_FIELD_LABELS,
  projectId: 'Project Id',
  projectCode: 'Project Code',
  leaveDay: 'Leave Day',
  applyDate: 'Apply Date',
  expireDate: 'Expired Date',
  attachFiles: 'Attach file',
};

/** Attachments are listed by file name. */
export const PROJECT_LEAVE_FIELD_FORMATS: HistoryValueFormats = {
  attachFiles: (value) => (Array.isArray(value) ? value.join(', ') || '(none)' : String(value)),
};

/** 'Project Leave History' (spec 000 §2): the row's change entries, close only. */
export function ProjectLeaveHistoryModal({ id, onClose }: { id: number; onClose: () => void }) {
  return (
    <RecordHistoryModal
      title="Project Leave History"
      path={PROJECT_LEAVE_PATH}
      queryKey={projectLeaveKeys.history(id)}
      id={id}
      onClose={onClose}
      fieldLabels={PROJECT_LEAVE_FIELD_LABELS}
      fieldFormats={PROJECT_LEAVE_FIELD_FORMATS}
    />
  );
}
