import { Alert, Button, Empty, Space, Spin, Typography } from 'antd';
import { KitForm } from '../../../components/kit-form.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useEmployeeDetail } from '../api/employees-api.ts';
import { employeesTexts } from '../i18n/index.ts';
import type { EmployeeFormValues } from './employee-form.ts';
import { AccountRow, BenefitSection, ContractSection, PersonalSection, StaffSection } from './employee-form-sections.tsx';
import { FirstPasswordModal } from './first-password-modal.tsx';
import { useEmployeeForm, type EmployeeRecord } from './use-employee-form.ts';
import { personText } from '../../../lib/person-text.ts';

export type EmployeeDetailTabProps = {
  detail: { mode: 'create' } | { mode: 'edit'; id: number } | null;
  /** After a create: the new employee's id (the page shows the list, which reloads). */
  onCreated: (id: number) => void;
  onCancel: () => void;
};

/**
 * Employee Detail (spec 002 §2, §3 Employee, §4, §5): sections Personal Information, Staff Information, Contract
 * Information, Benefit & Perks; Cancel and Create/Save. In edit mode the identity fields (username, staff id, company)
 * are disabled; total annual leave is always read-only and follows a change of remain annual leave.
 */
export function EmployeeDetailTab({ detail, onCreated, onCancel }: EmployeeDetailTabProps) {
  const editId = detail?.mode === 'edit' ? detail.id : null;
  const loaded = useEmployeeDetail(editId);
  const { t } = employeesTexts.useT();
  if (!detail) return <Empty description={t('detail.noEmployee')} data-testid="employee-detail-empty" />;
  if (editId !== null && !loaded.data) {
    return loaded.isError ? <Alert type="error" showIcon message={t('detail.notFound')} /> : <Spin style={{ display: 'block', margin: 48 }} />;
  }
  // A new form per employee (and per saved version), so its starting values are that record's.
  const key = editId === null ? 'create' : `${editId}:${loaded.data!.version}`;
  return <EmployeeForm key={key} record={editId === null ? null : loaded.data!} onCreated={onCreated} onCancel={onCancel} />;
}

function EmployeeForm({ record, onCreated, onCancel }: { record: EmployeeRecord | null; onCreated: (id: number) => void; onCancel: () => void }) {
  const state = useEmployeeForm(record, onCreated, onCancel);
  const { form, created } = state;
  const { t } = employeesTexts.useT();
  useUnsavedChangesGuard(state.dirtyFlag);
  return (
    <>
      <KitForm<EmployeeFormValues>
        form={form}
        name="employee-detail"
        layout="vertical"
        initialValues={state.initialValues}
        onFinish={state.submit}
        onValuesChange={state.onValuesChange}
        data-testid="employee-detail-form"
        scrollToFirstError
      >
        <Typography.Title level={5}>{record ? personText(record.name, record.user_name) : t('detail.newEmployee')}</Typography.Title>
        <PersonalSection />
        <StaffSection record={record} divisionOptions={state.divisionOptions} departmentOptions={state.departmentOptions} treeLoading={state.treeLoading} />
        <AccountRow record={record} roleOptions={state.roleOptions} rolesLoading={state.rolesLoading} createAccount={state.createAccount} />
        <ContractSection />
        <BenefitSection />

        <Space>
          <Button onClick={state.cancel} data-testid="employee-cancel">
            {t('detail.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={state.saving} data-testid="employee-save">
            {record ? t('detail.save') : t('detail.create')}
          </Button>
        </Space>
      </KitForm>
      {created ? <FirstPasswordModal username={created.username} password={created.password} onClose={state.closeCreated} /> : null}
    </>
  );
}
