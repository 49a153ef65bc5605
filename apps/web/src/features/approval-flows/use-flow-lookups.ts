import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { selectionsQuery } from '../../components/requests/request-api.ts';
import { REQUEST_SCREEN_TYPE } from '../../components/requests/use-request-selections.ts';
import { departmentsOf, divisionsOf, useDivisionsDepartments } from '../../lib/lookups.ts';
import type { ConditionNames } from './flow-display.ts';

export type LookupOption<V> = { value: V; label: string };

/**
 * The reference lists a flow's conditions choose from, shared by the table (names in the Conditions column), the form
 * and the preview: leave reason types (the Create Request modal's choices), divisions and departments (the filters'
 * tree). Each is cached for the session of the page.
 */
export function useFlowLookups() {
  const tree = useDivisionsDepartments();
  const selections = useQuery(selectionsQuery(REQUEST_SCREEN_TYPE));
  return useMemo(() => {
    const reasonOptions: LookupOption<string>[] = [];
    for (const r of selections.data?.reasons ?? []) {
      if (r.requestType === 'LEAVE_REQUEST' && !reasonOptions.some((o) => o.value === r.value)) reasonOptions.push({ value: r.value, label: r.label });
    }
    const divisionOptions = divisionsOf(tree.data).map((d) => ({ value: d.id, label: d.name }));
    const departmentOptions = departmentsOf(tree.data).map((d) => ({ value: d.id, label: d.name }));
    const names: ConditionNames = {
      reasonTypes: new Map(reasonOptions.map((o) => [o.value, o.label])),
      divisions: new Map(divisionOptions.map((o) => [o.value, o.label])),
      departments: new Map(departmentOptions.map((o) => [o.value, o.label])),
    };
    return { reasonOptions, divisionOptions, departmentOptions, names, loadingTree: tree.isLoading, loadingReasons: selections.isLoading };
  }, [tree.data, tree.isLoading, selections.data, selections.isLoading]);
}

export type FlowLookups = ReturnType<typeof useFlowLookups>;
