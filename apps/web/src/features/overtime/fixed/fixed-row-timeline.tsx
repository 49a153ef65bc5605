import { Modal } from 'antd';
import { fixedTimelinePath, type FixedStaff } from '@tms/contracts/overtime-fixed';
import { ApprovalTimeline } from '../../../components/approval-timeline/approval-timeline.tsx';

/**
 * Issue 29: the approval steps of one staff row of a fixed request (each row follows its own flow, or the single
 * step), in a modal titled with the staff member; the timeline is asked when it opens and again after a decision.
 */
export function FixedRowTimeline({ requestId, staff, onClose }: { requestId: number; staff: FixedStaff; onClose: () => void }) {
  return (
    <Modal open title={`${staff.employee.name} (${staff.employee.user_name})`} footer={null} onCancel={onClose} destroyOnHidden data-testid="fixed-ot-row-timeline">
      <ApprovalTimeline path={fixedTimelinePath(requestId, staff.employee_id)} />
    </Modal>
  );
}
