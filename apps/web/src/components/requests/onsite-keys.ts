/**
 * The query keys of Onsite Management's calls. Request Management refreshes them too (an onsite record and its staff
 * members' request rows share one status), so they live here rather than in either feature.
 */
export const onsiteKeys = {
  all: ['onsite'] as const,
  lists: () => ['onsite', 'list'] as const,
  detail: (id: number) => ['onsite', 'detail', id] as const,
  history: (id: number) => ['onsite', 'history', id] as const,
};
