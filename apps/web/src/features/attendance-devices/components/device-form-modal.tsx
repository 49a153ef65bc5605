import { useMemo } from 'react';
import { Form, Input, Select, Switch, Typography } from 'antd';
import { DEFAULT_DEVICE_TIME_ZONE, DEVICE_NAME_MAX, SERIAL_NUMBER_PATTERN, type DeviceRow } from '@tms/contracts/attendance-devices';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateDevice, useUpdateDevice } from '../api/attendance-devices-api.ts';
import { browserTimeZones, SYSTEM_OPTIONS, timeZoneOptions } from '../device-display.ts';
import { attendanceDevicesTexts } from '../i18n/index.ts';

/** The confirmation of a deactivation made with the Active switch, as the row action asks it. */
const confirmed = (content: string) =>
  new Promise<boolean>((resolve) => confirmDialog({ content, danger: true, onOk: () => resolve(true), onCancel: () => resolve(false) }));

type DeviceFormValues = { serial_number: string; name: string; system: string; time_zone: string; active: boolean };

/**
 * Register a device (serial number, name, system, time zone defaulting to the company's) or edit one (the serial
 * number is its identity and stays; name, system, time zone, active). The contracts' rules and texts, the server's
 * answer (409 taken serial number, 400 unknown zone) shown as it comes.
 */
export function DeviceFormModal({ editing, onClose }: { editing: DeviceRow | null; onClose: () => void }) {
  const create = useCreateDevice();
  const update = useUpdateDevice();
  const { t } = attendanceDevicesTexts.useT();
  const zones = useMemo(() => timeZoneOptions(browserTimeZones(), editing?.time_zone), [editing?.time_zone]);
  const initialValues: Partial<DeviceFormValues> = editing
    ? { name: editing.name ?? '', system: editing.system, time_zone: editing.time_zone, active: editing.active }
    : { time_zone: DEFAULT_DEVICE_TIME_ZONE };

  const submit = async (v: DeviceFormValues) => {
    if (editing?.active && !v.active && !(await confirmed(t('deactivateConfirm')))) return;
    try {
      const body = { name: v.name?.trim() || null, system: v.system, time_zone: v.time_zone };
      const result = editing
        ? await update.mutateAsync({ id: editing.id, ...body, active: v.active, version: editing.version })
        : await create.mutateAsync({ ...body, serial_number: v.serial_number.trim() });
      notifySuccess(result.message);
      onClose();
    } catch (error) {
      notifyApiError(error);
      throw error;
    }
  };

  return (
    <FormModal<DeviceFormValues>
      open
      title={editing ? t('edit') : t('register')}
      name="device-form"
      width={560}
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
      formTestId="device-form"
      saveTestId="device-form-save"
    >
      {editing ? (
        <Form.Item label={t('form.serial')}>
          <Typography.Text strong data-testid="device-form-serial">
            {editing.serial_number}
          </Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item
          name="serial_number"
          label={t('form.serial')}
          rules={[
            { required: true, whitespace: true, message: t('form.serialRequired') },
            { pattern: SERIAL_NUMBER_PATTERN, message: t('form.serialInvalid') },
          ]}
        >
          <Input autoComplete="off" placeholder={t('form.serialPlaceholder')} />
        </Form.Item>
      )}
      <Form.Item name="name" label={t('form.name')} rules={[{ max: DEVICE_NAME_MAX, message: t('form.nameTooLong') }]}>
        <Input autoComplete="off" placeholder={t('form.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="system" label={t('form.system')} rules={[{ required: true, message: t('form.systemRequired') }]}>
        <Select options={SYSTEM_OPTIONS} placeholder={t('form.systemPlaceholder')} />
      </Form.Item>
      <Form.Item name="time_zone" label={t('form.timeZone')} rules={[{ required: true, message: t('form.timeZoneRequired') }]} extra={t('form.timeZoneHelp')}>
        <Select options={zones} showSearch={{ optionFilterProp: 'label' }} placeholder={t('form.timeZonePlaceholder')} />
      </Form.Item>
      {editing ? (
        <Form.Item name="active" label={t('form.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
