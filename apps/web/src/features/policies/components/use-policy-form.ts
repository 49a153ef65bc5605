import { Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ruleTypeOfScheduleType, type PolicyRow } from '@tms/contracts/policies';
import type { RemoteOption } from '../../../components/remote-select.tsx';
import { useLockDate, useServerToday } from '../../../lib/lookups.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { ruleConfigQuery, useWritePolicy, workScheduleCodesQuery, type PolicyKind } from '../api/policies-api.ts';
import { dateMessages, toPolicyBody, valuesOfRow, type PolicyFormValues } from './policy-form.ts';

export type PolicyFormModalProps = {
  kind: PolicyKind;
  /** Edit this row; else Set Policy. */
  row?: PolicyRow;
  /** Set Policy: the staff chosen in the table (usernames with their labels), and the policy to prefill from. */
  staff?: RemoteOption<never>[];
  prefill?: PolicyRow | null;
  /** Set Policy from a staff page: the staff is fixed. */
  fixedStaff?: boolean;
  onClose: () => void;
};

/**
 * The policy modal's data and state: the schedule and rule lookups, the starting values, the date rule (lock date,
 * today, a kept locked apply date) and the save; a chosen schedule sets its rule type and OT rule.
 */
export function usePolicyForm({ kind, row, staff, prefill, onClose }: PolicyFormModalProps) {
  const [form] = Form.useForm<PolicyFormValues>();
  const schedules = useQuery(workScheduleCodesQuery);
  const rules = useQuery(ruleConfigQuery);
  const { lockDate } = useLockDate();
  const { today } = useServerToday();
  const write = useWritePolicy();
  const editing = row !== undefined;
  const locked = editing && row.actions.lockedFields;
  const initialValues: PolicyFormValues = {
    ...valuesOfRow(row ?? prefill),
    ...(editing ? {} : { apply_date: null }),
    ...(kind === 'staff' && !editing ? { usernames: (staff ?? []).map((s) => String(s.value)) } : {}),
  };
  const dateRule = (field: 'apply_date' | 'expire_date') => ({
    validator: async () => {
      const message = dateMessages(field, form.getFieldValue('apply_date'), form.getFieldValue('expire_date'), { lockDate, today, keptLockedApply: locked });
      if (message) throw new Error(message);
    },
  });

  const submit = async (values: PolicyFormValues) => {
    const body = toPolicyBody(values);
    try {
      const res = editing
        ? await write.mutateAsync({ kind, mode: 'edit', body: { ...body, id: row.id, version: row.version } })
        : await write.mutateAsync({ kind, mode: 'set', body: kind === 'staff' ? { ...body, usernames: values.usernames } : { ...body, department_ids: values.department_ids } });
      notifySuccess(res.message);
      onClose();
    } catch (error) {
      notifyApiError(error);
      throw error;
    }
  };

  const onValuesChange = (changed: Partial<PolicyFormValues>) => {
    if (changed.work_schedule_code) {
      const s = schedules.data?.find((x) => x.work_schedule_code === changed.work_schedule_code);
      if (s) form.setFieldsValue({ rule_type: ruleTypeOfScheduleType(s.work_schedule_type), ot_type: s.work_schedule_type === 'FLEXIBLE' ? 'OT_FLEXIBLE' : 'OT_FIXED' });
    }
    if (changed.apply_date !== undefined || changed.expire_date !== undefined) void form.validateFields(['apply_date', 'expire_date']).catch(() => undefined);
  };

  return { form, editing, locked, initialValues, dateRule, submit, saving: write.isPending, onValuesChange, schedules, rules };
}

export type PolicyFormState = ReturnType<typeof usePolicyForm>;
