import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DMY, DATE_ISO } from '@tms/contracts/api';
import { ONSITE_TEXT_MAX, ONSITE_TITLE_MAX, ONSITE_TYPES, type OnsiteDetail } from '@tms/contracts/onsite';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { ProjectSelect } from '../../../components/project-select.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useOnsiteCommand } from '../api/onsite-api.ts';
import { onsiteTexts } from '../i18n/index.ts';
import { OnsiteStaffTable } from './onsite-staff-table.tsx';
import { fromRow, toPayload, type OnsiteFormValues } from './onsite-view.ts';
import { useOnsiteStaff } from './use-onsite-staff.ts';

type Values = Omit<OnsiteFormValues, 'range'> & { range?: [Dayjs, Dayjs] | null };

/**
 * Create and edit modal (spec 002 §2, §5): title, project, range of dates, type, location, description, cc, and the
 * staff table (start 08:30, end 17:30, duration 8 by default). In the edit modal only HR adds or removes staff (§6).
 */
export function OnsiteFormModal({ row, mayChangeStaff, onClose }: { row?: OnsiteDetail; mayChangeStaff: boolean; onClose: () => void }) {
  const { t } = onsiteTexts.useT();
  const editing = row !== undefined;
  const start = editing ? fromRow(row) : null;
  const lines = useOnsiteStaff(start?.staff ?? []);
  const command = useOnsiteCommand();
  const canAddRemove = !editing || mayChangeStaff;

  const initialValues: Partial<Values> = start
    ? { ...start.values, range: start.values.range ? [dayjs(start.values.range[0]), dayjs(start.values.range[1])] : null }
    : { type: 'FULL_DAY' };

  const submit = async (values: Values) => {
    if (lines.staff.length === 0) {
      lines.setStaffError(onsiteTexts.t('messages.staffRequired'));
      return;
    }
    const range: [string, string] | null = values.range ? [values.range[0].format(DATE_ISO), values.range[1].format(DATE_ISO)] : null;
    const body = toPayload({ ...values, range }, lines.staff);
    // A failure is shown by the query client's notice; the modal stays open.
    if (editing) await command.mutateAsync({ kind: 'update', id: row.id, body: { ...body, version: row.version } });
    else await command.mutateAsync({ kind: 'create', body });
    notifySuccess(editing ? onsiteTexts.t('messages.updated') : onsiteTexts.t('messages.created'));
    onClose();
  };

  return (
    <FormModal<Values>
      open
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      name="onsite-form"
      width={1000}
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={command.isPending}
      okText={editing ? t('form.save') : t('form.create')}
      saveTestId="onsite-form-save"
      cancelTestId="onsite-form-cancel"
      formTestId="onsite-form"
    >
      <Form.Item
        name="title"
        label={t('form.title')}
        rules={[
          { required: true, whitespace: true, message: t('messages.titleRequired') },
          { max: ONSITE_TITLE_MAX, message: t('messages.titleTooLong') },
        ]}
      >
        <Input maxLength={ONSITE_TITLE_MAX + 1} data-testid="onsite-title" />
      </Form.Item>
      <Form.Item name="projectId" label={t('form.project')} rules={[{ required: true, message: t('messages.projectRequired') }]}>
        <ProjectSelect
          data-testid="onsite-project"
          initialOptions={row ? [{ value: row.projectid, label: `${row.projectCode} - ${row.projectName}` }] : undefined}
        />
      </Form.Item>
      <Form.Item name="range" label={t('form.range')} rules={[{ required: true, message: t('messages.dateRangeRequired') }]}>
        <DatePicker.RangePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="onsite-range" />
      </Form.Item>
      <Form.Item name="type" label={t('form.type')} rules={[{ required: true, message: t('messages.typeRequired') }]}>
        <Select options={ONSITE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} data-testid="onsite-type" />
      </Form.Item>
      <Form.Item name="location" label={t('form.location')} rules={[{ max: ONSITE_TEXT_MAX, message: t('messages.textTooLong') }]}>
        <Input data-testid="onsite-location" />
      </Form.Item>
      <Form.Item name="description" label={t('form.description')} rules={[{ max: ONSITE_TEXT_MAX, message: t('messages.textTooLong') }]}>
        <Input.TextArea rows={3} data-testid="onsite-description" />
      </Form.Item>
      <Form.Item name="ccUsernames" label={t('form.cc')}>
        <EmployeeSelect
          mode="multiple"
          data-testid="onsite-cc"
          initialOptions={row?.cc.map((c) => ({ value: c.user_name, label: `${c.name} - ${c.user_name}` }))}
        />
      </Form.Item>
      <OnsiteStaffTable lines={lines} canAddRemove={canAddRemove} />
    </FormModal>
  );
}
