import type { ApprovalFlowRow } from '@tms/contracts/approval-flows';
import { HistoryViewer } from '../../../components/history-viewer.tsx';
import { useFlowHistory } from '../api/flow-history.ts';
import { amountUnitOf, flowHistoryFormats, type ConditionNames } from '../flow-display.ts';
import { approvalFlowsTexts } from '../i18n/index.ts';

/**
 * A flow's change history (RULES.md §8) in the shared viewer, its fields named as the form names them (the amounts in
 * the unit of the flow's kind) and its codes by name.
 */
export function FlowHistoryModal({ flow, names, onClose }: { flow: ApprovalFlowRow; names: ConditionNames; onClose: () => void }) {
  const { t } = approvalFlowsTexts.useT();
  const history = useFlowHistory(flow.id);
  const unit = amountUnitOf(flow.item_kind);
  const fieldLabels = {
    name: t('history.fields.name'),
    item_kind: t('history.fields.item_kind'),
    reason_types: t('history.fields.reason_types'),
    amount_over: t(`form.amountOver.${unit}`),
    amount_at_most: t(`form.amountAtMost.${unit}`),
    division_ids: t('history.fields.division_ids'),
    department_ids: t('history.fields.department_ids'),
    requester_roles: t('history.fields.requester_roles'),
    priority: t('history.fields.priority'),
    active: t('history.fields.active'),
    steps: t('history.fields.steps'),
  };
  return <HistoryViewer open title={t('history.title', { name: flow.name })} entries={history.data} loading={history.isLoading} onClose={onClose} fieldLabels={fieldLabels} fieldFormats={flowHistoryFormats(names, t)} />;
}
