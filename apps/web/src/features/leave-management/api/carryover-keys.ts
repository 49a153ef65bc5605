import { recordKeys } from '../../../components/record-queries.ts';

const base = recordKeys('leave-carryover');

/** Query keys of leave carryover under one root, so a write can mark lists, histories and caps stale together. */
export const carryoverKeys = {
  ...base,
  financialYear: () => [...base.all, 'before-financial-year'] as const,
  remaining: (username: string, financialYear: number, id: number | undefined) => [...base.all, 'remaining', username, financialYear, id ?? null] as const,
};
