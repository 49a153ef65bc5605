import { Button, DatePicker, Form, Select, Space, TimePicker, Upload } from 'antd';
import { UploadOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { ATTACHMENT_EXTENSIONS } from '@tms/contracts/api';
import { FIXED_OT_TYPES, otTypeNeedsFile } from '@tms/contracts/overtime';
import { FIXED_MEMBERS_PATH } from '@tms/contracts/overtime-fixed';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { DATE_DMY } from '../../../lib/dates.ts';
import { formatCount } from '../../../lib/numbers.ts';
import { overtimeTexts } from '../i18n/index.ts';
import { fixedTypeLabel } from '../overtime-labels.ts';
import { endNotStartRule, endsNextDay, useOtDateDisabled } from '../ot-window.ts';
import type { FixedOvertimeFormState } from './use-fixed-overtime-form.ts';

/** OT date (weekends, locked dates and dates past the 10-day limit disabled), start and end (an end before the start is the next day), OT type. */
export function FixedTimeFields({ start, end }: Pick<FixedOvertimeFormState, 'start' | 'end'>) {
  const otDateDisabled = useOtDateDisabled();
  const { t } = overtimeTexts.useT();
  return (
    <Space align="start" wrap>
      <Form.Item name="ot_date" label={t('form.otDate')} rules={[{ required: true, message: t('messages.dateRequired') }]}>
        <DatePicker format={DATE_DMY} disabledDate={otDateDisabled} data-testid="fixed-ot-date" />
      </Form.Item>
      <Form.Item name="start" label={t('form.startTime')} rules={[{ required: true, message: t('messages.startRequired') }]}>
        <TimePicker format="HH:mm" minuteStep={1} needConfirm={false} data-testid="fixed-ot-start" />
      </Form.Item>
      <Form.Item
        name="end"
        label={t('form.endTime')}
        dependencies={['start']}
        extra={endsNextDay(start, end) ? t('time.endsNextDay') : undefined}
        rules={[{ required: true, message: t('messages.endRequired') }, endNotStartRule(t('messages.endAfterStart'))]}
      >
        <TimePicker format="HH:mm" minuteStep={1} needConfirm={false} data-testid="fixed-ot-end" />
      </Form.Item>
      <Form.Item name="ot_type" label={t('form.otType')} rules={[{ required: true, message: t('messages.typeRequired') }]}>
        <Select style={{ width: 180 }} options={FIXED_OT_TYPES.map((x) => ({ value: x.value, label: fixedTypeLabel(t, x.value) }))} data-testid="fixed-ot-type" />
      </Form.Item>
    </Space>
  );
}

/** The staff: members of the chosen project; HR and ADMIN may paste several usernames. */
export function FixedStaffField({ state }: { state: FixedOvertimeFormState }) {
  const { form, projectId } = state;
  const { t } = overtimeTexts.useT();
  return (
    <Form.Item
      label={t('form.staff')}
      required
      extra={
        state.mayPaste ? (
          <Button size="small" type="link" icon={<UsergroupAddOutlined />} onClick={() => state.setPasteOpen(true)} disabled={!projectId} data-testid="fixed-ot-add-multiple">
            {t('form.addMultiple')}
          </Button>
        ) : undefined
      }
    >
      <Form.Item
        name="staff"
        noStyle
        rules={[
          () => ({
            validator: (_rule, value: number[] | undefined) =>
              !form.getFieldValue('project_id')
                ? Promise.reject(new Error(t('messages.projectRequired')))
                : value && value.length > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('messages.staffRequired'))),
          }),
        ]}
      >
        <EmployeeSelect
          mode="multiple"
          valueField="id"
          path={FIXED_MEMBERS_PATH}
          extraQuery={state.memberQuery}
          disabled={!projectId}
          placeholder={projectId ? t('form.searchMembers') : t('messages.projectRequired')}
          initialOptions={state.staffInitial}
          data-testid="fixed-ot-staff"
        />
      </Form.Item>
    </Form.Item>
  );
}

/** New attachments (uploaded with the save); the ones already stored are managed in the detail drawer. */
export function FixedAttachmentsField({ state }: { state: FixedOvertimeFormState }) {
  const { otType, fileError, existingFiles } = state;
  const { t } = overtimeTexts.useT();
  return (
    <Form.Item
      label={t('form.attachments')}
      required={otType ? otTypeNeedsFile(otType) : false}
      validateStatus={fileError ? 'error' : undefined}
      help={fileError ?? (existingFiles > 0 ? t('form.filesAttached', { files: formatCount(existingFiles) }) : undefined)}
    >
      <Upload multiple accept={ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')} fileList={state.files} beforeUpload={() => false} onChange={({ fileList }) => state.changeFiles(fileList)}>
        <Button icon={<UploadOutlined />} data-testid="fixed-ot-files">
          {t('form.attachFiles')}
        </Button>
      </Upload>
    </Form.Item>
  );
}
