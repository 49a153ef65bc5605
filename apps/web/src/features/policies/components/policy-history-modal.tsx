import { EXPLANATION_LABELS } from '@tms/contracts/policies';
import { HistoryViewer } from '../../../components/history-viewer.tsx';
import { usePolicyHistory, type PolicyKind } from '../api/policies-api.ts';

const LABELS: Record<string, string> = {
  work_schedule_code: 'Work Schedule',
  rule_type: 'Work Schedule Type',
  ...EXPLANATION_LABELS,
  lack_of_time_allowed: 'Lack Of Time Allowed',
  ot_type: 'OT Rule',
  url_policy: 'Policy Link',
  apply_date: 'Date Applied',
  expire_date: 'Date Expired',
};

/** A policy's history: changes on the left, the chosen change's detail on the right; 'No History' when empty. */
export function PolicyHistoryModal({ kind, id, onClose }: { kind: PolicyKind; id: number; onClose: () => void }) {
  const history = usePolicyHistory(kind, id);
  return <HistoryViewer open title="Policy History" entries={history.data} loading={history.isLoading} onClose={onClose} fieldLabels={LABELS} />;
}
