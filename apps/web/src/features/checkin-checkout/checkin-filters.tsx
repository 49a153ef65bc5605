import { useState } from 'react';
import { Button, DatePicker, Form, Select, Space, Typography, type FormInstance } from 'antd';
import { SearchOutlined, SyncOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { EmployeeSelect } from '../../components/employee-select.tsx';
import { FilterFold } from '../../components/filter-fold.tsx';
import { KitForm } from '../../components/kit-form.tsx';
import { useSelectClear } from '../../components/select-clear.tsx';
import { DATE_DMY, DATE_ISO } from '../../lib/dates.ts';
import { departmentsOf, useDivisionsDepartments } from '../../lib/lookups.ts';
import { usePhoneLayout } from '../../lib/use-phone-layout.ts';
import { checkinCheckoutTexts } from './i18n/index.ts';

export type CheckinFilterValues = { department?: string; employee?: string | string[]; range?: [Dayjs, Dayjs] | null };

/** What the viewer may filter by: ADMIN and HR the full filter, HRM and leads a staff member, staff only themselves. */
export type CheckinFilterAccess = { full: boolean; choosesStaff: boolean; updater: boolean; selfLabel: string };

/** The filters that narrow the default view (the viewer, the default range): the count on the phone's Filters button. */
export function checkinFiltersInUse(values: CheckinFilterValues, defaultRange: { from: string; to: string }): number {
  const employee = Array.isArray(values.employee) ? values.employee.length > 0 : Boolean(values.employee);
  const range = values.range ? values.range[0].format(DATE_ISO) !== defaultRange.from || values.range[1].format(DATE_ISO) !== defaultRange.to : false;
  return [Boolean(values.department), employee, range].filter(Boolean).length;
}

/**
 * Department, staff and date range with Search and, for HR, HRM and ADMIN, Update Employee Check Time. On a phone they
 * fold behind the 'Filters' button (issue 26 §3), as every list's filters do, so the day's punches are on the first
 * screen; Search closes the panel.
 */
export function CheckinFilters({ form, access, initialValues, department, tooMany, inUse, loading, onSearch, onUpdateOpen }: {
  form: FormInstance<CheckinFilterValues>;
  access: CheckinFilterAccess;
  initialValues: CheckinFilterValues;
  /** The department chosen in the form (the page watches it too, for Update Employee Check Time). */
  department: string | undefined;
  /** More than one staff member chosen: Search waits for one (the page says so). */
  tooMany: boolean;
  /** The filters in use (checkinFiltersInUse), counted by the page from what it searched last. */
  inUse: number;
  loading: boolean;
  onSearch: (values: CheckinFilterValues) => void;
  onUpdateOpen: () => void;
}) {
  const { t } = checkinCheckoutTexts.useT();
  const clear = useSelectClear();
  const phone = usePhoneLayout();
  const [open, setOpen] = useState(false);
  const tree = useDivisionsDepartments();
  const departments = departmentsOf(tree.data).map((d) => ({ value: d.department_code, label: d.name }));
  const update = access.updater ? (
    <Button icon={<SyncOutlined aria-hidden />} onClick={onUpdateOpen} data-testid="checkin-update-open">
      {t('update.open')}
    </Button>
  ) : null;
  const submit = (values: CheckinFilterValues) => {
    setOpen(false);
    onSearch(values);
  };

  const fields = (
    <KitForm<CheckinFilterValues>
      form={form}
      name="checkin-filter"
      layout={phone ? 'vertical' : 'inline'}
      initialValues={initialValues}
      onFinish={submit}
      style={{ marginBottom: 12, rowGap: 8 }}
    >
      {access.full ? (
        <Form.Item name="department" label={t('filter.department')}>
          <Select allowClear={clear} showSearch={{ optionFilterProp: 'label' }} options={departments} placeholder={t('filter.selectDepartment')} style={{ width: phone ? '100%' : 200 }} data-testid="checkin-filter-department" />
        </Form.Item>
      ) : null}
      {access.choosesStaff ? (
        <Form.Item name="employee" label={t('filter.staff')}>
          <EmployeeSelect extraQuery={department ? { department_code: department } : undefined} mode={access.full ? 'multiple' : undefined} allowClear placeholder={access.selfLabel || t('filter.searchStaff')} style={{ width: phone ? '100%' : 280 }} data-testid="checkin-filter-staff" />
        </Form.Item>
      ) : (
        <Form.Item label={t('filter.staff')}>
          <Typography.Text data-testid="checkin-filter-self">{access.selfLabel}</Typography.Text>
        </Form.Item>
      )}
      <Form.Item name="range" label={t('filter.dateRange')}>
        <DatePicker.RangePicker format={DATE_DMY} allowClear={false} data-testid="checkin-filter-range" />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} disabled={tooMany} loading={loading} data-testid="checkin-search">
            {t('filter.search')}
          </Button>
          {phone ? null : update}
        </Space>
      </Form.Item>
    </KitForm>
  );
  if (!phone) return fields;
  return (
    <FilterFold inUse={inUse} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} extra={update}>
      {fields}
    </FilterFold>
  );
}
