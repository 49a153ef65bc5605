import { recordKeys } from '../../../components/record-queries.ts';

/** Query keys of bonus leave under one root, so a write can mark lists and histories stale together. */
export const bonusLeaveKeys = recordKeys('bonus-leave');
