import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { CALCULATE_WORKING_DAY_ALL_PATH, CALCULATE_WORKING_DAY_PATH } from '@tms/contracts/timesheet-calc';
import { apiRequest } from '../../../../lib/api-client.ts';

export type CalculateCall = { date: string; body?: { employee_id: number[] } };

/**
 * PUT /tms/timesheets/calculate-working-day?date= with { employee_id }, or …-all-employees?date= without a body
 * (spec 001 §7.1). The server queues a job and answers its message (RULES.md §4).
 */
export function calculateWorkingDay({ date, body }: CalculateCall): Promise<Envelope<{ jobId: number }>> {
  return body
    ? apiRequest<{ jobId: number }>('PUT', CALCULATE_WORKING_DAY_PATH, { query: { date }, body })
    : apiRequest<{ jobId: number }>('PUT', CALCULATE_WORKING_DAY_ALL_PATH, { query: { date } });
}

export function useCalculateWorkingDay() {
  return useMutation({ mutationFn: calculateWorkingDay });
}
