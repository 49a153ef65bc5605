import { useMemo, useState } from 'react';
import { Form, type UploadFile } from 'antd';
import { FLEXIBLE_OT_TYPES } from '@tms/contracts/overtime';
import type { FlexibleDetail } from '@tms/contracts/overtime-flexible';
import { employeeLabel, type EmployeeLookup } from '../../../components/employee-select.tsx';
import type { RemoteOption } from '../../../components/remote-select.tsx';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { notifyApiError, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import type { OtUsage } from '@tms/contracts/overtime-limits';
import { overMessages } from '../ot-limits-view.ts';
import { uploadFlexibleFile, useFlexibleCommand, useFlexibleProjects } from './api/flexible-overtime-api.ts';
import { fromFlexibleDetail, toFlexiblePayload, type FlexibleFormValues } from './flexible-overtime-view.ts';
import { overtimeTexts } from '../i18n/index.ts';

const option = (e: { employeeId: number | null; name: string; username: string }): RemoteOption<EmployeeLookup> => ({
  value: e.employeeId ?? 0,
  label: employeeLabel({ name: e.name, user_name: e.username }),
  item: { id: e.employeeId ?? 0, name: e.name, user_name: e.username, sf4c_id: null, department_name: { name: '', nameEn: '' }, division_name: { name: '', nameEn: '' } },
});

/**
 * The flexible overtime form's state: the user's projects (and the edited one), who may file for others, the
 * attachments, and the save, which uploads the attachments to each request filed.
 */
export function useFlexibleOvertimeForm(detail: FlexibleDetail | undefined, onSaved: () => void, onClose: () => void) {
  const [form] = Form.useForm<FlexibleFormValues>();
  const user = useCurrentUser().data;
  const projects = useFlexibleProjects(true);
  const command = useFlexibleCommand();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const projectId = Form.useWatch('projectId', form);
  const start = Form.useWatch('start', form);
  const end = Form.useWatch('end', form);
  const otDate = Form.useWatch('overtimeDate', form);
  const requesterIds = Form.useWatch('requesterIds', form) as number[] | undefined;
  const project = projects.data?.find((p) => p.project_id === projectId);
  const hrOrAdmin = hasRole(user, 'HR', 'ADMIN');
  // RULES.md brief: others than oneself only for the project's PM (its members) or HR / ADMIN.
  const forOthers = !detail && (hrOrAdmin || project?.role === 'PM');
  const memberQuery = useMemo(() => (projectId ? { projectId } : undefined), [projectId]);
  const ccInitial = useMemo(() => detail?.ccMails.map(option) ?? [], [detail]);
  const initialValues: FlexibleFormValues = detail ? fromFlexibleDetail(detail) : { requestType: FLEXIBLE_OT_TYPES[0].value };

  const submit = async (values: FlexibleFormValues) => {
    const body = toFlexiblePayload(values);
    let ids: number[];
    let limits: OtUsage[] = [];
    try {
      if (detail) {
        const saved = (await command.mutateAsync({ kind: 'edit', body: { ...body, requesterIds: null, id: detail.id, version: detail.version } })) as { id: number };
        ids = [saved.id];
      } else {
        const created = (await command.mutateAsync({ kind: 'create', body })) as { id: number; limits?: OtUsage }[];
        ids = created.map((d) => d.id);
        limits = created.flatMap((d) => (d.limits ? [d.limits] : []));
      }
    } catch (error) {
      notifyApiError(error);
      throw error;
    }
    const failed: string[] = [];
    for (const id of ids) {
      for (const f of files) {
        if (!f.originFileObj) continue;
        try {
          await uploadFlexibleFile(id, f.originFileObj);
        } catch {
          failed.push(f.name);
        }
      }
    }
    notifySuccess(overtimeTexts.t('messages.success'));
    const over = overMessages(limits);
    if (over.length > 0) notifyWarning([overtimeTexts.t('limits.savedOver'), ...over]);
    if (failed.length > 0) notifyWarning(overtimeTexts.t('form.uploadFailed', { files: failed.join(', ') }));
    onSaved();
    onClose();
  };

  const projectOptions = (projects.data ?? []).map((p) => ({ value: p.project_id, label: `${p.project_code} - ${p.project_name}` }));
  if (detail && !projectOptions.some((p) => p.value === detail.project.projectId)) {
    projectOptions.push({ value: detail.project.projectId, label: `${detail.project.projectCode} - ${detail.project.projectName}` });
  }

  return {
    form,
    otDate,
    requesterIds: requesterIds ?? [],
    initialValues,
    submit,
    saving: command.isPending,
    projectOptions,
    projectsLoading: projects.isLoading,
    projectId,
    start,
    end,
    forOthers,
    hrOrAdmin,
    memberQuery,
    ccInitial,
    files,
    setFiles,
  };
}

export type FlexibleOvertimeFormState = ReturnType<typeof useFlexibleOvertimeForm>;
