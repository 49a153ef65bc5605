import { useEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'antd';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDirtyFlag } from '../../../components/unsaved-changes-guard.tsx';
import { hasRole, useCurrentUser } from '../../../lib/auth.ts';
import { departmentsOf, divisionsOf, useDivisionsDepartments, useRoleOptions } from '../../../lib/lookups.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveEmployee, type useEmployeeDetail } from '../api/employees-api.ts';
import { employeesTexts } from '../i18n/index.ts';
import { emptyEmployeeValues, employeeValuesOf, toCreateBody, toUpdateBody, totalAfterRemainChange, type EmployeeFormValues } from './employee-form.ts';

export type EmployeeRecord = NonNullable<ReturnType<typeof useEmployeeDetail>['data']>;
export type CreatedAccount = { id: number; username: string; password: string };

/** The employee form's data and state: lookups, the division → department narrowing, save and cancel. */
export function useEmployeeForm(record: EmployeeRecord | null, onCreated: (id: number) => void, onCancel: () => void) {
  const editing = record !== null;
  const [form] = Form.useForm<EmployeeFormValues>();
  const save = useSaveEmployee();
  const { data: user } = useCurrentUser();
  const isAdmin = hasRole(user, 'ADMIN');
  const tree = useDivisionsDepartments();
  const roles = useRoleOptions();
  const [created, setCreated] = useState<CreatedAccount | null>(null);
  const dirtyFlag = useDirtyFlag();
  const { markDirty, markClean } = dirtyFlag;
  const initialValues = useMemo(() => (record ? employeeValuesOf(record) : emptyEmployeeValues()), [record]);
  const previousRemain = useRef<unknown>(initialValues.remain_annual_leave);
  const division = Form.useWatch('division', form);
  const createAccount = Form.useWatch('createAccount', form);

  // The division select narrows the departments; a stored employee's division comes from its department.
  const divisionOptions = divisionsOf(tree.data).map((d) => ({ value: d.id, label: d.name }));
  const departmentOptions = departmentsOf(tree.data, division ? [division] : undefined).map((d) => ({ value: d.department_code, label: d.name }));
  useEffect(() => {
    if (!editing && !form.getFieldValue('division') && divisionOptions.length === 1) form.setFieldValue('division', divisionOptions[0]!.value);
  }, [editing, divisionOptions, form]);

  const submit = async (values: EmployeeFormValues) => {
    try {
      if (record) {
        const envelope = await save.mutateAsync({ mode: 'edit', body: toUpdateBody(record, values) });
        markClean();
        notifySuccess(envelope.message);
        return;
      }
      const envelope = await save.mutateAsync({ mode: 'create', body: toCreateBody(values) });
      markClean();
      notifySuccess(envelope.message);
      const data = envelope.data as unknown as { id: number; password: string | null; username: string | null };
      if (data.password && data.username) setCreated({ id: data.id, username: data.username, password: data.password });
      else onCreated(data.id);
    } catch (error) {
      // spec 002 §8: each message of the messages list is shown.
      notifyApiError(error);
    }
  };

  const onValuesChange = (changed: Partial<EmployeeFormValues>) => {
    markDirty();
    if ('division' in changed) form.setFieldValue('department', undefined);
    if ('remain_annual_leave' in changed) {
      // spec 002 §4: the shown total moves by the difference.
      const total = totalAfterRemainChange(form.getFieldValue('total_annual_leave'), previousRemain.current, changed.remain_annual_leave);
      if (total !== undefined) {
        form.setFieldValue('total_annual_leave', total);
        previousRemain.current = changed.remain_annual_leave;
      }
    }
  };

  const cancel = () => {
    if (!form.isFieldsTouched()) return onCancel();
    confirmDialog({ title: employeesTexts.t('detail.discardTitle'), content: employeesTexts.t('detail.discardContent'), onOk: onCancel });
  };

  const closeCreated = () => {
    if (!created) return;
    const id = created.id;
    setCreated(null);
    onCreated(id);
  };

  return {
    form,
    dirtyFlag,
    initialValues,
    onValuesChange,
    submit: (values: EmployeeFormValues) => void submit({ ...form.getFieldsValue(true), ...values }),
    saving: save.isPending,
    cancel,
    created,
    closeCreated,
    createAccount,
    divisionOptions,
    departmentOptions,
    treeLoading: tree.isLoading,
    roleOptions: (roles.data ?? []).map((r) => ({ value: r.code, label: r.name, disabled: r.code === 'ADMIN' && !isAdmin })),
    rolesLoading: roles.isLoading,
  };
}
