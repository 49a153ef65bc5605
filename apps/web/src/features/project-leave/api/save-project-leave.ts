import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { PROJECT_LEAVE_PATH, type ProjectLeaveResultItem } from '@tms/contracts/project-leave';
import { apiRequest } from '../../../lib/api-client.ts';
import { recordWriteEffects } from '../../../components/record-queries.ts';
import { projectLeaveKeys } from './project-leave-keys.ts';

/** A save: the multipart body (files + projectLeaveRequest) and whether it edits an existing row. */
export type ProjectLeaveSave = { mode: 'create' | 'edit'; formData: FormData };

/**
 * POST …/project-leave/create-v2 or PUT …/project-leave/edit-v2 (spec 000 §7). A 400 throws (the mutation cache
 * shows the server's message); otherwise `data` lists one `{ code, message }` per item, each shown as a toast
 * (spec 000 §8 "Project leave save").
 */
export function saveProjectLeave({ mode, formData }: ProjectLeaveSave): Promise<Envelope<ProjectLeaveResultItem[]>> {
  return mode === 'create'
    ? apiRequest<ProjectLeaveResultItem[]>('POST', `${PROJECT_LEAVE_PATH}/create-v2`, { body: formData })
    : apiRequest<ProjectLeaveResultItem[]>('PUT', `${PROJECT_LEAVE_PATH}/edit-v2`, { body: formData });
}

export const saveProjectLeaveMutation = mutationOptions({
  mutationFn: saveProjectLeave,
  ...recordWriteEffects(projectLeaveKeys.all, projectLeaveKeys.all),
});

export function useSaveProjectLeave() {
  return useMutation(saveProjectLeaveMutation);
}
