import dayjs, { type Dayjs } from 'dayjs';
import { Form, type FormInstance } from 'antd';
import { useCurrentUser } from '../../lib/auth.ts';
import { useApprover, useBalance, useRequestLockDate, useWorkSchedule } from './request-api.ts';
import { isDateDisabled, requestDays, showsBalance, type DateRowValues, type RequestFormValues } from './request-form-rules.ts';
import { toDayjs, type RequestFormStart } from './request-form-values.ts';

export type RequestOwnerProps = RequestFormStart & {
  open: boolean;
  /** The staff the request is for; default the signed-in user. */
  employee?: { id?: number | null; user_name: string; name?: string } | null;
};

/**
 * Who the request is for and what their schedule says on its first date: hour or day based, the standard hours and
 * minute block of the hour pickers, the balance of the chosen reason and the approver; and the dates the lock closes.
 */
export function useRequestOwner(form: FormInstance<RequestFormValues>, props: RequestOwnerProps, reason: string | undefined, requestType?: string) {
  const { open, mode = 'single', editing } = props;
  const { data: user } = useCurrentUser();
  const owner = props.employee ?? (editing ? { id: editing.employee.id, user_name: editing.employee.user_name, name: editing.employee.name } : null);
  const username = owner?.user_name ?? user?.userName;
  const employeeId = owner ? (owner.id ?? undefined) : (user?.employeeId ?? undefined);

  const lock = useRequestLockDate();
  const lockDate = toDayjs(lock.data ?? null);

  const rows = Form.useWatch('rows', form) as DateRowValues[] | undefined;
  const startDate = Form.useWatch('start_date', form) as Dayjs | null | undefined;
  const firstDate = (mode === 'onsite' ? startDate : rows?.find((r) => r?.date)?.date) ?? toDayjs(props.initialDate) ?? dayjs();
  const firstIso = firstDate.format('YYYY-MM-DD');

  const schedule = useWorkSchedule(employeeId, firstIso);
  const hourBased = mode !== 'batch' && (owner ? schedule.data?.request_type === 'hour' : user?.requestType === 'hour');
  // standard_working_time comes in minutes (480); an hour figure (8) is taken as it is.
  const standardRaw = Number(schedule.data?.standard_working_time) || 480;
  const balance = useBalance(username, firstIso, open && mode !== 'batch' && showsBalance(reason));
  const standardHours = standardRaw > 24 ? standardRaw / 60 : standardRaw;
  // Issue 29: the approver shown is the first step of the approval flow the request would follow, if any.
  const flowItem = mode === 'single' && requestType ? { request_type: requestType, reason_type: reason, days: requestDays(rows ?? [], hourBased, standardHours) } : {};
  const approver = useApprover(mode === 'batch' ? undefined : username, firstIso, flowItem);

  return {
    user,
    owner,
    hourBased,
    standardHours,
    block: Number(schedule.data?.minimum_minute_block_request) || undefined,
    balance,
    approver,
    disabledDate: (d: Dayjs) => isDateDisabled(d, lockDate),
  };
}
