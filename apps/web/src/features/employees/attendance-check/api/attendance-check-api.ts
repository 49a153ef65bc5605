import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import {
  ATTENDANCE_CHECK_CONFIG_PATH,
  type AttendanceCheckBody,
  type AttendanceCheckRow,
  type AttendanceCheckUpdate,
} from '@tms/contracts/attendance-check-config';
import { apiRequest, type Query } from '../../../../lib/api-client.ts';
import { usePagedList } from '../../../../lib/use-paged-list.ts';
import { recordKeys, recordWriteEffects } from '../../../../components/record-queries.ts';

/** Query keys of the attendance-check configs under one root, so a save marks every list stale. */
export const attendanceCheckKeys = recordKeys('attendance-check-config');

/** GET /tms/employee-attendance-check-system-config: one page of mappings. */
export function useAttendanceChecks(filters: Query, initialSize?: number) {
  return usePagedList<AttendanceCheckRow>({ queryKey: attendanceCheckKeys.lists(), path: ATTENDANCE_CHECK_CONFIG_PATH, filters, initialSize });
}

export type AttendanceCheckSave = { mode: 'create'; body: AttendanceCheckBody } | { mode: 'edit'; body: AttendanceCheckUpdate };

export function saveAttendanceCheck(save: AttendanceCheckSave): Promise<Envelope<AttendanceCheckRow>> {
  // Spec 002 §7: create answers body code 441 and update 443, both HTTP 200 (the client reads only the HTTP status).
  return apiRequest<AttendanceCheckRow>(save.mode === 'create' ? 'POST' : 'PUT', ATTENDANCE_CHECK_CONFIG_PATH, { body: save.body });
}

/** DELETE /tms/employee-attendance-check-system-config/{id}?version= (409 when someone changed it first). */
export function deleteAttendanceCheck(row: Pick<AttendanceCheckRow, 'id' | 'version'>): Promise<Envelope<{ id: number }>> {
  return apiRequest<{ id: number }>('DELETE', `${ATTENDANCE_CHECK_CONFIG_PATH}/${row.id}`, { query: { version: row.version } });
}

export function useSaveAttendanceCheck() {
  return useMutation(mutationOptions({ mutationFn: saveAttendanceCheck, ...recordWriteEffects(attendanceCheckKeys.all, attendanceCheckKeys.all) }));
}

export function useDeleteAttendanceCheck() {
  return useMutation(mutationOptions({ mutationFn: deleteAttendanceCheck, ...recordWriteEffects(attendanceCheckKeys.all, attendanceCheckKeys.all) }));
}
