import { useMemo } from 'react';
import { Button, Form, Select, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { PROJECT_LEAVE_ATTACHMENT_EXTENSIONS, PROJECT_LEAVE_MAX_FILES, type ProjectLeaveRow } from '@tms/contracts/project-leave';
import { employeeLabel } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { GrantDateFields, ruleOf } from '../../../components/grant-form-fields.tsx';
import { NumberInput } from '../../../components/number-input.tsx';
import { ProjectSelect, projectLabel } from '../../../components/project-select.tsx';
import { useLockDate, useServerToday } from '../../../lib/lookups.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useProjectMembers } from '../api/get-project-members.ts';
import { useSaveProjectLeave } from '../api/save-project-leave.ts';
import { projectLeaveTexts } from '../i18n/index.ts';
import { filesError, leaveDayError, projectError, staffError, type GrantLimits } from './project-leave-form-rules.ts';
import { editedGrantOf, editValuesOf, toCreateRequest, toEditRequest, toFormData, type ProjectLeaveFormValues } from './project-leave-form-values.ts';

const ACCEPT = PROJECT_LEAVE_ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * The add / edit modal of project leave (spec 000 §2 detail, §5): Project (remote, 3+ characters, debounced 1 s),
 * Staff (the project's members; disabled until a project is chosen), Leave Day (3 decimals), Apply and Expire dates,
 * and several attachments checked on the client with the server's texts. Editing keeps the staff and project. A 400
 * keeps the modal open with the server's message; otherwise each entry of the answer is a toast (spec 000 §8).
 */
export function ProjectLeaveFormModal({ row, onClose }: { row?: ProjectLeaveRow; onClose: () => void }) {
  const [form] = Form.useForm<ProjectLeaveFormValues>();
  const save = useSaveProjectLeave();
  const { t } = projectLeaveTexts.useT();
  const today = useServerToday();
  const lock = useLockDate();
  const limits: GrantLimits = { today: today.today, lockDate: lock.lockDate };
  const edited = row ? editedGrantOf(row, lock.lockDate) : undefined;
  const projectId = Form.useWatch('projectId', form);
  const members = useProjectMembers(projectId);
  const staffOptions = useMemo(() => (members.data ?? []).map((e) => ({ value: e.user_name, label: employeeLabel(e) })), [members.data]);
  const initialValues = useMemo<Partial<ProjectLeaveFormValues>>(() => (row ? editValuesOf(row) : { usernames: [], files: [] }), [row]);
  const projectOptions = row ? [{ value: row.project.projectId, label: projectLabel({ project_code: row.project.projectCode, project_name: row.project.projectName }) }] : undefined;
  const editStaffOptions = row ? [{ value: row.employee.user_name, label: employeeLabel(row.employee) }] : [];

  const submit = async (values: ProjectLeaveFormValues) => {
    const request = row ? toEditRequest(row, values) : toCreateRequest(values);
    const { data } = await save.mutateAsync({ mode: row ? 'edit' : 'create', formData: toFormData(request, values.files ?? []) });
    for (const item of data ?? []) (item.code === 200 ? notifySuccess : notifyError)(item.message);
    onClose();
  };

  return (
    <FormModal<ProjectLeaveFormValues>
      open
      title={row ? t('form.editTitle') : t('form.addTitle')}
      form={form}
      name="project-leave-form"
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={today.isLoading || lock.isLoading}
      onValuesChange={(changed) => {
        // Other members for another project: the chosen staff no longer apply.
        if ('projectId' in changed && !row) form.setFieldValue('usernames', []);
      }}
    >
      <div data-testid="project-leave-form">
        <Form.Item<ProjectLeaveFormValues> name="projectId" label={t('form.project')} required rules={[ruleOf(projectError)]}>
          <ProjectSelect data-testid="project-leave-project" initialOptions={projectOptions} disabled={Boolean(row)} />
        </Form.Item>
        <Form.Item<ProjectLeaveFormValues> name="usernames" label={t('form.staff')} required rules={[ruleOf(staffError)]}>
          <Select
            mode="multiple"
            data-testid="project-leave-staff"
            options={row ? editStaffOptions : staffOptions}
            loading={members.isFetching}
            disabled={Boolean(row) || !projectId}
            placeholder={projectId ? t('form.selectStaff') : t('form.chooseProjectFirst')}
            showSearch={{ optionFilterProp: 'label' }}
            maxTagCount="responsive"
            notFoundContent={members.isFetching ? undefined : t('form.noMember')}
          />
        </Form.Item>
        <Form.Item<ProjectLeaveFormValues> name="leaveDay" label={t('leaveDay')} required rules={[ruleOf((value: unknown) => leaveDayError(value, edited))]}>
          <NumberInput<number> data-testid="project-leave-days" step={0.5} placeholder={t('leaveDay')} disabled={edited?.locked} style={{ width: '100%' }} />
        </Form.Item>
        <GrantDateFields limits={limits} applyLabel={t('applyDate')} expireLabel={t('expiredDate')} edited={edited} />
        <div data-testid="project-leave-files">
          <Form.Item<ProjectLeaveFormValues>
            name="files"
            label={t('attachFile')}
            valuePropName="fileList"
            getValueFromEvent={(event: { fileList: unknown[] }) => event.fileList}
            rules={[
              ruleOf(filesError),
              ruleOf((files: unknown[] | undefined) => ((files ?? []).filter((f) => (f as { originFileObj?: unknown }).originFileObj).length > PROJECT_LEAVE_MAX_FILES ? t('rules.tooManyFiles') : null)),
            ]}
          >
            <Upload multiple accept={ACCEPT} beforeUpload={() => false}>
              <Button icon={<UploadOutlined aria-hidden />}>{t('form.chooseFiles')}</Button>
            </Upload>
          </Form.Item>
        </div>
      </div>
    </FormModal>
  );
}
