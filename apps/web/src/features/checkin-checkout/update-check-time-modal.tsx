import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { cutToOneMonth } from '@tms/contracts/check-in-out-calendar';
import { EmployeeSelect } from '../../components/employee-select.tsx';
import { FormModal } from '../../components/form-modal.tsx';
import { DATE_DMY, formatDmy, formatIsoDate } from '../../lib/dates.ts';
import { departmentsOf, useDivisionsDepartments } from '../../lib/lookups.ts';
import { notifyApiError, notifySuccess, notifyWarning } from '../../lib/notify.ts';
import { useManualUpdate } from './checkin-checkout-api.ts';
import { checkinCheckoutTexts } from './i18n/index.ts';
import { useSelectClear } from '../../components/select-clear.tsx';

type Values = { department_code?: string; employee: string[]; range: [Dayjs, Dayjs] };

/**
 * "Update Employee Check Time" (spec 001 §2.8, §7.7): staff multi-select and a date range; the server re-reads their
 * punches and recomputes the days in the background. A range over one month is cut to one month (spec 001 §5.8).
 */
export function UpdateCheckTimeModal({ open, initialDepartment, onClose }: { open: boolean; initialDepartment?: string; onClose: () => void }) {
  const update = useManualUpdate();
  const { t } = checkinCheckoutTexts.useT();
  const clear = useSelectClear();
  const tree = useDivisionsDepartments();
  const departments = departmentsOf(tree.data).map((d) => ({ value: d.department_code, label: d.name }));

  const submit = async (values: Values) => {
    const range = cutToOneMonth(formatIsoDate(values.range[0]), formatIsoDate(values.range[1]));
    if (range.cut) notifyWarning(t('rangeCut', { date: formatDmy(range.to) }));
    try {
      const res = await update.mutateAsync({
        department_code: values.department_code ?? null,
        employee: values.employee,
        start_date: range.from,
        end_date: range.to,
      });
      notifySuccess(res.message || t('update.updated'));
      onClose();
    } catch (error) {
      notifyApiError(error);
    }
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('update.title')}
      name="update-check-time"
      initialValues={{ department_code: initialDepartment }}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okText={t('update.ok')}
      width={600}
      saveTestId="update-check-time-save"
    >
      <Form.Item name="department_code" label={t('update.department')}>
        <Select allowClear={clear} showSearch={{ optionFilterProp: 'label' }} options={departments} placeholder={t('update.selectDepartment')} data-testid="update-check-time-department" />
      </Form.Item>
      {/* The staff search follows the chosen department. */}
      <Form.Item noStyle shouldUpdate={(prev: Values, next: Values) => prev.department_code !== next.department_code}>
        {({ getFieldValue }) => {
          const department = getFieldValue('department_code') as string | undefined;
          return (
            <Form.Item name="employee" label={t('update.staff')} rules={[{ required: true, type: 'array', min: 1, message: t('update.staffRequired') }]}>
              <EmployeeSelect extraQuery={department ? { department_code: department } : undefined} mode="multiple" data-testid="update-check-time-staff" />
            </Form.Item>
          );
        }}
      </Form.Item>
      <Form.Item name="range" label={t('update.dateRange')} rules={[{ required: true, message: t('update.rangeRequired') }]}>
        <DatePicker.RangePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="update-check-time-range" />
      </Form.Item>
    </FormModal>
  );
}
