import { HistoryViewer } from '../../../components/history-viewer.tsx';
import { usePolicyHistory, type PolicyKind } from '../api/policies-api.ts';
import { policiesTexts } from '../i18n/index.ts';
import { otRuleName, ruleTypeName } from './policy-code-names.ts';

/** A policy's history: changes on the left, the chosen change's detail on the right; 'No History' when empty. */
export function PolicyHistoryModal({ kind, id, onClose }: { kind: PolicyKind; id: number; onClose: () => void }) {
  const history = usePolicyHistory(kind, id);
  const { t } = policiesTexts.useT();
  const labels: Record<string, string> = {
    work_schedule_code: t('history.work_schedule_code'),
    rule_type: t('history.rule_type'),
    explanation_number: t('explanation.explanation_number'),
    refund_hours_per_explanation: t('explanation.refund_hours_per_explanation'),
    explanation_time_per_days: t('explanation.explanation_time_per_days'),
    lack_of_time_allowed: t('history.lack_of_time_allowed'),
    ot_type: t('history.ot_type'),
    url_policy: t('history.url_policy'),
    apply_date: t('history.apply_date'),
    expire_date: t('history.expire_date'),
  };
  // Codes read as names (the list's and the form's), in the language on screen.
  const formats = { rule_type: (v: unknown) => ruleTypeName(t, String(v)), ot_type: (v: unknown) => otRuleName(t, String(v)) };
  return <HistoryViewer open title={t('history.title')} entries={history.data} loading={history.isLoading} onClose={onClose} fieldLabels={labels} fieldFormats={formats} />;
}
