import { useQuery } from '@tanstack/react-query';
import { TIMESHEET_GRID_PATHS, type RuleValue } from '@tms/contracts/timesheet-grid';
import { apiGet } from '../../../lib/api-client.ts';
import { timesheetKeys } from './timesheet-keys.ts';

/** GET /tms/rule-integration/value: the Modify modal's Value options. */
export function getRuleValues(signal?: AbortSignal): Promise<RuleValue[]> {
  return apiGet<RuleValue[]>(TIMESHEET_GRID_PATHS.ruleIntegrationValues, undefined, { signal });
}

export function useRuleValues() {
  return useQuery({ queryKey: timesheetKeys.ruleValues(), queryFn: ({ signal }) => getRuleValues(signal), staleTime: 10 * 60_000 });
}
