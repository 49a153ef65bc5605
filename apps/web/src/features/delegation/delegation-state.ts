import type { DelegationPeriodState } from '@tms/contracts/delegation';
import type { StatusTone } from '../../components/status-info.ts';

/**
 * The Status tag of a delegation row (issue 26 §11): where its member ranges stand on the company's today, as the
 * server answers it (`period_state`). The Enabled switch beside it is the flag (paused or not), a separate matter.
 */
export const PERIOD_STATE_TAG: Record<DelegationPeriodState, { text: `states.${DelegationPeriodState}`; tone: StatusTone }> = {
  SCHEDULED: { text: 'states.SCHEDULED', tone: 'blue' },
  IN_FORCE: { text: 'states.IN_FORCE', tone: 'green' },
  ENDED: { text: 'states.ENDED', tone: 'default' },
};

export function periodStateTag(state: DelegationPeriodState | undefined) {
  return state ? PERIOD_STATE_TAG[state] : null;
}
