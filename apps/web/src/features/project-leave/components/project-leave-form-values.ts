import type { Dayjs } from 'dayjs';
import type { UploadFile } from 'antd';
import { DATE_DMY } from '@tms/contracts/api';
import {
  PROJECT_LEAVE_FILES_FIELD,
  PROJECT_LEAVE_REQUEST_PART,
  type ProjectLeaveCreate,
  type ProjectLeaveEdit,
  type ProjectLeaveFile,
  type ProjectLeaveRow,
} from '@tms/contracts/project-leave';
import { parseServerDate } from '../../../lib/dates.ts';
import type { EditedGrant } from './project-leave-form-rules.ts';

/** The Add / Edit form's values. `files` holds kept attachments (uid = filePath, no originFileObj) and new ones. */
export type ProjectLeaveFormValues = {
  projectId: number | null;
  usernames: string[];
  leaveDay: number | null;
  applyDate: Dayjs | null;
  expireDate: Dayjs | null;
  files: UploadFile[];
};

const dmy = (date: Dayjs | null) => date?.format(DATE_DMY) ?? null;

/** The JSON part of create (spec 000 §7): projectId, usernames, leaveDay, applyDate and expireDate as DD/MM/YYYY. */
export function toCreateRequest(values: ProjectLeaveFormValues): ProjectLeaveCreate {
  return { projectId: values.projectId, usernames: values.usernames ?? [], leaveDay: values.leaveDay, applyDate: dmy(values.applyDate), expireDate: dmy(values.expireDate) };
}

/** The JSON part of edit: the same plus id, version and the retained attachments (RULES.md §1 version). */
export function toEditRequest(row: Pick<ProjectLeaveRow, 'id' | 'version' | 'attachFilePaths'>, values: ProjectLeaveFormValues): ProjectLeaveEdit {
  const kept = new Set((values.files ?? []).filter((f) => !f.originFileObj).map((f) => f.uid));
  return {
    ...toCreateRequest(values),
    id: row.id,
    version: row.version,
    attachFilePaths: row.attachFilePaths.filter((f) => kept.has(f.filePath)).map(({ fileName, filePath }) => ({ fileName, filePath })),
  };
}

/** The multipart body: each new file as `files` and the request as the JSON part `projectLeaveRequest`. */
export function toFormData(request: ProjectLeaveCreate | ProjectLeaveEdit, files: readonly UploadFile[]): FormData {
  const formData = new FormData();
  for (const file of files) {
    if (file.originFileObj) formData.append(PROJECT_LEAVE_FILES_FIELD, file.originFileObj, file.name);
  }
  formData.append(PROJECT_LEAVE_REQUEST_PART, new Blob([JSON.stringify(request)], { type: 'application/json' }));
  return formData;
}

/** A kept attachment as an Upload list item (done, no file to send). */
export const keptFileItem = (file: ProjectLeaveFile): UploadFile => ({ uid: file.filePath, name: file.fileName, status: 'done' });

/** The Edit form's starting values: the row's project, staff, days, DD/MM/YYYY dates and attachments. */
export function editValuesOf(row: ProjectLeaveRow): ProjectLeaveFormValues {
  return {
    projectId: row.project.projectId,
    usernames: [row.employee.user_name],
    leaveDay: row.leaveDay,
    applyDate: parseServerDate(row.applyDate),
    expireDate: parseServerDate(row.expireDate),
    files: row.attachFilePaths.map(keptFileItem),
  };
}

/** What the edit rules need of a row: days used, and whether it was applied on or before the lock date. */
export function editedGrantOf(row: Pick<ProjectLeaveRow, 'used' | 'applyDate'>, lockDate: Dayjs | null): EditedGrant {
  const apply = parseServerDate(row.applyDate);
  return { usedDays: row.used, locked: lockDate !== null && apply !== null && !apply.isAfter(lockDate, 'day') };
}
