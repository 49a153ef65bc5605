import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { UploadFile } from 'antd';
import { PROJECT_LEAVE_MESSAGES as M, type ProjectLeaveRow } from '@tms/contracts/project-leave';
import { applyDateError, expireDateError, filesError, leaveDayError, projectError, staffError, type GrantLimits } from './project-leave-form-rules.ts';
import { editedGrantOf, editValuesOf, toCreateRequest, toEditRequest, toFormData } from './project-leave-form-values.ts';

const limits: GrantLimits = { today: dayjs('2026-11-21'), lockDate: dayjs('2026-10-25') };
const row = {
  id: 5,
  version: 2,
  employee: { id: 9, name: 'Son Staff', user_name: 'staff' },
  project: { projectId: 3, projectCode: 'P1', projectName: 'Project One' },
  leaveDay: 2.5,
  used: 0.5,
  expired: 0,
  remaining: 2,
  applyDate: '01/11/2026',
  expireDate: '31/12/2026',
  attachFilePaths: [
    { id: 1, fileName: 'a.pdf', filePath: 'ProjectLeave/a.pdf' },
    { id: 2, fileName: 'b.txt', filePath: 'ProjectLeave/b.txt' },
  ],
  canEdit: true,
  canRemove: false,
} satisfies ProjectLeaveRow;

describe('project leave form rules (spec 000 §5, the server’s texts)', () => {
  it('project and staff are required', () => {
    expect(projectError(null)).toBe(M.projectRequired);
    expect(projectError(3)).toBeNull();
    expect(staffError([])).toBe(M.staffRequired);
    expect(staffError(['staff'])).toBeNull();
  });

  it.each<[unknown, string | null]>([
    [null, M.leaveDayRequired],
    ['x', M.leaveDayInvalid],
    [0, M.leaveDayRange],
    [31.5, M.leaveDayRange],
    [1.1355, M.leaveDayDecimals],
    [1.135, null],
    [31, null],
  ])('leave day %s → %s', (value, message) => expect(leaveDayError(value)).toBe(message));

  it('when editing, refuses fewer days than used', () => {
    expect(leaveDayError(0.25, { usedDays: 0.5, locked: false })).toBe(M.leaveDayBelowUsed('0.5'));
  });

  it('dates: apply after the lock date and not after expiry; expiry not before today', () => {
    expect(applyDateError(null, null, limits)).toBe(M.applyDateRequired);
    expect(applyDateError(dayjs('2026-10-25'), null, limits)).toBe(M.applyDateLocked('25/10/2026'));
    expect(applyDateError(dayjs('2026-12-02'), dayjs('2026-12-01'), limits)).toBe(M.applyAfterExpire);
    expect(applyDateError(dayjs('2026-10-26'), dayjs('2026-11-21'), limits)).toBeNull();
    expect(expireDateError(undefined, limits)).toBe(M.expireDateRequired);
    expect(expireDateError(dayjs('2026-11-20'), limits)).toBe(M.expireBeforeToday);
  });

  it('checks new files only: extension, then 5 MB', () => {
    const file = (name: string, size: number) => ({ uid: name, name, size, originFileObj: {} }) as unknown as UploadFile;
    expect(filesError([file('a.pdf', 10), file('b.exe', 10)])).toBe(M.attachWrongFormat);
    expect(filesError([file('a.mp4', 5_242_881)])).toBe(M.attachTooLarge);
    expect(filesError([{ name: 'x.exe' }])).toBeNull();
    expect(filesError([file('a.jpeg', 5_242_880)])).toBeNull();
  });
});

describe('project leave form ↔ payloads (spec 000 §7)', () => {
  it('create sends project, staff, days and DD/MM/YYYY dates', () => {
    const values = { projectId: 3, usernames: ['staff', 'staff4'], leaveDay: 1.5, applyDate: dayjs('2026-12-01'), expireDate: dayjs('2027-01-31'), files: [] };
    expect(toCreateRequest(values)).toEqual({ projectId: 3, usernames: ['staff', 'staff4'], leaveDay: 1.5, applyDate: '01/12/2026', expireDate: '31/01/2027' });
  });

  it('edit starts from the row and sends the retained attachments with id and version', () => {
    const values = editValuesOf(row);
    expect(values.files.map((f) => f.uid)).toEqual(['ProjectLeave/a.pdf', 'ProjectLeave/b.txt']);
    const body = toEditRequest(row, { ...values, files: values.files.slice(1) });
    expect(body).toMatchObject({ id: 5, version: 2, projectId: 3, usernames: ['staff'], leaveDay: 2.5, applyDate: '01/11/2026', expireDate: '31/12/2026' });
    expect(body.attachFilePaths).toEqual([{ fileName: 'b.txt', filePath: 'ProjectLeave/b.txt' }]);
  });

  it('the multipart body holds new files and the JSON part', async () => {
    const file = new File(['hello'], 'note.txt', { type: 'text/plain' });
    const formData = toFormData(toCreateRequest(editValuesOf(row)), [
      { uid: 'ProjectLeave/a.pdf', name: 'a.pdf' },
      { uid: 'new', name: 'note.txt', originFileObj: file as UploadFile['originFileObj'] },
    ]);
    expect(formData.getAll('files')).toHaveLength(1);
    const part = formData.get('projectLeaveRequest') as Blob;
    expect(JSON.parse(await part.text())).toMatchObject({ projectId: 3, usernames: ['staff'] });
  });

  it('a row applied on or before the lock date is locked', () => {
    expect(editedGrantOf(row, dayjs('2026-11-01'))).toEqual({ usedDays: 0.5, locked: true });
    expect(editedGrantOf(row, dayjs('2026-10-31'))).toEqual({ usedDays: 0.5, locked: false });
  });
});
