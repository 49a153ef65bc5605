import { ApiError } from '../../../lib/api-error.ts';

/** Query keys of bonus leave under one root, so a write can mark lists and histories stale together. */
export const bonusLeaveKeys = {
  all: ['bonus-leave'] as const,
  lists: () => [...bonusLeaveKeys.all, 'list'] as const,
  history: (id: number) => [...bonusLeaveKeys.all, 'history', id] as const,
};

/** A 409 means the row changed under the user (RULES.md §1 stale version): the list is reloaded to show it. */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
