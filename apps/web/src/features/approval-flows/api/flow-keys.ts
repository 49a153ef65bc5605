/** Query keys of Settings → Approval flows, under one root so a write marks the list and the histories stale together. */
export const flowKeys = {
  all: ['approval-flows'] as const,
  list: () => ['approval-flows', 'list'] as const,
  history: (id: number) => ['approval-flows', 'history', id] as const,
};
