import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ApprovalItemKind } from '@tms/contracts/approval-flows';
import { selectionsQuery } from '../../components/requests/request-api.ts';
import { REQUEST_SCREEN_TYPE } from '../../components/requests/use-request-selections.ts';
import { departmentsOf, divisionsOf, useDivisionsDepartments } from '../../lib/lookups.ts';
import { useExplanationReasons } from './api/explanation-reasons.ts';
import type { ConditionNames } from './flow-display.ts';

export type LookupOption<V> = { value: V; label: string };
/** The reason types a flow of one kind may name; none for a kind without reason types (work outside). */
export type ReasonChoices = { options: LookupOption<string>[]; loading: boolean };

/** Each code once, in the lookup's order. */
function uniqueOptions(list: readonly { value: string; label: string }[]): LookupOption<string>[] {
  const seen = new Map<string, LookupOption<string>>();
  for (const o of list) if (!seen.has(o.value)) seen.set(o.value, { value: o.value, label: o.label });
  return [...seen.values()];
}

/**
 * The reference lists a flow's conditions choose from, shared by the table (names in the Conditions column), the form
 * and the preview: reason types by kind (leave: the Create Request modal's choices; explanations: the Explain form's
 * lookup), divisions and departments (the filters' tree). Each is cached for the session of the page.
 */
export function useFlowLookups() {
  const tree = useDivisionsDepartments();
  const selections = useQuery(selectionsQuery(REQUEST_SCREEN_TYPE));
  const explanationReasons = useExplanationReasons();
  return useMemo(() => {
    const leave = uniqueOptions((selections.data?.reasons ?? []).filter((r) => r.requestType === 'LEAVE_REQUEST'));
    const explanation = uniqueOptions((explanationReasons.data ?? []).map((r) => ({ value: r.reason_type_code, label: r.reason_type || r.reason_type_code })));
    const reasons: Record<ApprovalItemKind, ReasonChoices> = {
      LEAVE_REQUEST: { options: leave, loading: selections.isLoading },
      EXPLANATION: { options: explanation, loading: explanationReasons.isLoading },
      WORK_OUTSIDE: { options: [], loading: false },
      ONSITE: { options: [], loading: false },
      FIXED_OT: { options: [], loading: false },
      FLEXIBLE_OT: { options: [], loading: false },
    };
    const divisionOptions = divisionsOf(tree.data).map((d) => ({ value: d.id, label: d.name }));
    const departmentOptions = departmentsOf(tree.data).map((d) => ({ value: d.id, label: d.name }));
    const names: ConditionNames = {
      // Reason codes are unique across request types (reason_types' key), so one map names both kinds'.
      reasonTypes: new Map([...leave, ...explanation].map((o) => [o.value, o.label])),
      divisions: new Map(divisionOptions.map((o) => [o.value, o.label])),
      departments: new Map(departmentOptions.map((o) => [o.value, o.label])),
    };
    return { reasons, divisionOptions, departmentOptions, names, loadingTree: tree.isLoading };
  }, [tree.data, tree.isLoading, selections.data, selections.isLoading, explanationReasons.data, explanationReasons.isLoading]);
}

export type FlowLookups = ReturnType<typeof useFlowLookups>;
