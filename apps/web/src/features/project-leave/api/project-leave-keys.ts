import { recordKeys } from '../../../components/record-queries.ts';

const base = recordKeys('project-leave');

/** Query keys of project leave under one root, so a write marks lists, details and histories stale together. */
export const projectLeaveKeys = {
  ...base,
  detail: (employeeId: number) => [...base.all, 'detail', employeeId] as const,
  members: (projectId: number) => [...base.all, 'members', projectId] as const,
};
