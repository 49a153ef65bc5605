import { useMemo, useState } from 'react';
import { Form, type UploadFile } from 'antd';
import { otTypeNeedsFile } from '@tms/contracts/overtime';
import { employeeLabel, type EmployeeLookup } from '../../../components/employee-select.tsx';
import type { RemoteOption } from '../../../components/remote-select.tsx';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { notifyApiError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import type { OtUsage } from '@tms/contracts/overtime-limits';
import { overMessages } from '../ot-limits-view.ts';
import { useFixedCommand, type useFixedDetail } from './api/fixed-overtime-api.ts';
import { toFixedPayload, type FixedFormValues } from './fixed-overtime-view.ts';
import { overtimeTexts } from '../i18n/index.ts';

export type FixedDetail = NonNullable<ReturnType<typeof useFixedDetail>['data']>;

const employeeOption = (e: { employee_id: number; name: string; user_name: string }): RemoteOption<EmployeeLookup> => ({
  value: e.employee_id,
  label: employeeLabel(e),
  item: { id: e.employee_id, name: e.name, user_name: e.user_name, sf4c_id: null, department_name: { name: '', nameEn: '' }, division_name: { name: '', nameEn: '' } },
});

/**
 * The fixed overtime form's state: the watched project, times and OT type, the attachments (required for OT from home
 * and work outside), the staff pasted by username (HR, ADMIN), and the save with its uploads.
 */
export function useFixedOvertimeForm(detail: FixedDetail | undefined, onSaved: () => void, onClose: () => void) {
  const [form] = Form.useForm<FixedFormValues>();
  const user = useCurrentUser().data;
  const command = useFixedCommand();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [extraStaff, setExtraStaff] = useState<RemoteOption<EmployeeLookup>[]>([]);
  const projectId = Form.useWatch('project_id', form);
  const start = Form.useWatch('start', form);
  const end = Form.useWatch('end', form);
  const otType = Form.useWatch('ot_type', form);
  const otDate = Form.useWatch('ot_date', form);
  const staff = Form.useWatch('staff', form) as number[] | undefined;
  const memberQuery = useMemo(() => (projectId ? { projectId } : undefined), [projectId]);
  const staffInitial = useMemo(() => [...(detail?.staff.map((s) => employeeOption({ employee_id: s.employee_id, ...s.employee })) ?? []), ...extraStaff], [detail, extraStaff]);
  const ccInitial = useMemo(() => detail?.mailList.map(employeeOption) ?? [], [detail]);
  const existingFiles = detail?.files.length ?? 0;

  const submit = async (values: FixedFormValues) => {
    if (values.ot_type && otTypeNeedsFile(values.ot_type) && files.length + existingFiles === 0) {
      setFileError(overtimeTexts.t('messages.fileRequired'));
      return;
    }
    const body = toFixedPayload(values);
    const uploads = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => f !== undefined);
    let saved: { limits?: OtUsage[] };
    try {
      if (detail) saved = await command.mutateAsync({ kind: 'update', body: { ...body, id: detail.id, version: detail.version }, files: uploads });
      else saved = await command.mutateAsync({ kind: 'create', body, files: uploads });
    } catch (error) {
      notifyApiError(error);
      throw error;
    }
    notifySuccess(overtimeTexts.t(detail ? 'messages.updated' : 'messages.created'));
    // Issue 27 §2: saved, but over a limit: said once more after the save.
    const over = overMessages(saved.limits);
    if (over.length > 0) notifyWarning([overtimeTexts.t('limits.savedOver'), ...over]);
    onSaved();
    onClose();
  };

  const addPasted = (found: EmployeeLookup[]) => {
    const current = form.getFieldValue('staff') ?? [];
    setExtraStaff((list) => [...list, ...found.map((e) => employeeOption({ employee_id: e.id, name: e.name, user_name: e.user_name }))]);
    form.setFieldValue('staff', [...new Set([...current, ...found.map((e) => e.id)])]);
    void form.validateFields(['staff']);
  };

  return {
    form,
    submit,
    saving: command.isPending,
    projectId,
    start,
    end,
    otType,
    otDate,
    staffIds: staff ?? [],
    mayPaste: hasRole(user, 'HR', 'ADMIN'),
    pasteOpen,
    setPasteOpen,
    addPasted,
    memberQuery,
    staffInitial,
    ccInitial,
    files,
    fileError,
    existingFiles,
    changeFiles: (fileList: UploadFile[]) => {
      setFiles(fileList);
      setFileError(null);
    },
  };
}

export type FixedOvertimeFormState = ReturnType<typeof useFixedOvertimeForm>;
