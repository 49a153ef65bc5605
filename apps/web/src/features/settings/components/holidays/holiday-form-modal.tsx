import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { HOLIDAY_KINDS, HOLIDAY_NAME_MAX, HOLIDAY_NOTE_MAX, type HolidayKind, type HolidayRow } from '@tms/contracts/holidays';
import { FormModal } from '../../../../components/form-modal.tsx';
import { DATE_DMY, DATE_ISO, parseServerDate } from '../../../../lib/dates.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useSaveHoliday } from '../../api/holidays-api.ts';
import { settingsTexts } from '../../i18n/index.ts';
import { notifyPeriods } from './period-notice.ts';

type Values = { date: Dayjs; name_en: string; name_vi: string; kind: HolidayKind; note?: string };
type Props = { calendarCode: string; holiday: HolidayRow | null; defaultDate: Dayjs; onClose: () => void };

/** Add or edit one holiday: date, names in English and Vietnamese, kind, note. */
export function HolidayFormModal({ calendarCode, holiday, defaultDate, onClose }: Props) {
  const { t } = settingsTexts.useT();
  const save = useSaveHoliday();
  const required = [{ required: true, whitespace: true, message: t('holidays.required') }];
  const initial: Partial<Values> = holiday
    ? { date: parseServerDate(holiday.date) ?? undefined, name_en: holiday.name_en, name_vi: holiday.name_vi, kind: holiday.kind, note: holiday.note ?? undefined }
    : { date: defaultDate, kind: 'COMPANY' };
  const submit = async (v: Values) => {
    const envelope = await save.mutateAsync({
      id: holiday?.id ?? null,
      calendar_code: calendarCode,
      version: holiday?.version ?? null,
      fields: { date: v.date.format(DATE_ISO), name_en: v.name_en, name_vi: v.name_vi, kind: v.kind, note: v.note ?? null },
    });
    notifySuccess(envelope.message);
    notifyPeriods(envelope.data.periods);
    onClose();
  };
  return (
    <FormModal<Values>
      open
      title={holiday ? t('holidays.edit') : t('holidays.add')}
      initialValues={initial}
      onSubmit={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={560}
      name="holiday-form"
      formTestId="holiday-form"
    >
      <Form.Item name="date" label={t('holidays.date')} rules={[{ required: true, message: t('holidays.required') }]}>
        <DatePicker format={DATE_DMY} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="name_en" label={t('holidays.nameEn')} rules={required}>
        <Input maxLength={HOLIDAY_NAME_MAX} />
      </Form.Item>
      <Form.Item name="name_vi" label={t('holidays.nameVi')} rules={required}>
        <Input maxLength={HOLIDAY_NAME_MAX} />
      </Form.Item>
      <Form.Item name="kind" label={t('holidays.kind')} rules={[{ required: true, message: t('holidays.required') }]}>
        <Select options={HOLIDAY_KINDS.map((k) => ({ value: k, label: t(`holidays.kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item name="note" label={t('holidays.note')}>
        <Input.TextArea maxLength={HOLIDAY_NOTE_MAX} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
