/**
 * The default terms of a staff policy nobody chose terms for: a new employee's first policy (initial-policy.ts) and
 * the demo seed's policies (seed/schedules.ts `staffPolicyRow`). One owner so the two cannot drift apart.
 */

/** spec 002 §5 Job info / §9: the far-future default end date. */
export const OPEN_END_DATE = '9999-12-30';
export const POLICY_URL = 'https://policy.example.com/attendance';

/**
 * The explanation fund (3 × 1 hour, at most 1 a day), the minutes allowed (30 for FLEXIBLE, else 15), the matching OT
 * type and the policy URL, as staff_policies insert values.
 */
export function defaultPolicyTerms(workScheduleType: string) {
  const flexible = workScheduleType === 'FLEXIBLE';
  return {
    explanationNumber: 3,
    refundHoursPerExplanation: '1',
    explanationTimePerDays: 1,
    lackOfTimeAllowed: flexible ? 30 : 15,
    otType: flexible ? 'OT_FLEXIBLE' : 'OT_FIXED',
    urlPolicy: POLICY_URL,
  };
}
