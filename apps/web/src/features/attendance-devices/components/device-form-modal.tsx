import { useMemo } from 'react';
import { Form, Input, Select, Switch, Typography } from 'antd';
import {
  DEFAULT_DEVICE_TIME_ZONE,
  DEVICE_MESSAGES as M,
  DEVICE_NAME_MAX,
  DEVICE_PAGE_TEXTS as T,
  SERIAL_NUMBER_PATTERN,
  type DeviceRow,
} from '@tms/contracts/attendance-devices';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateDevice, useUpdateDevice } from '../api/attendance-devices-api.ts';
import { browserTimeZones, SYSTEM_OPTIONS, timeZoneOptions } from '../device-display.ts';

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
  const zones = useMemo(() => timeZoneOptions(browserTimeZones(), editing?.time_zone), [editing?.time_zone]);
  const initialValues: Partial<DeviceFormValues> = editing
    ? { name: editing.name ?? '', system: editing.system, time_zone: editing.time_zone, active: editing.active }
    : { time_zone: DEFAULT_DEVICE_TIME_ZONE };

  const submit = async (v: DeviceFormValues) => {
    if (editing?.active && !v.active && !(await confirmed(M.deactivateConfirm))) return;
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
      title={editing ? T.edit : T.register}
      name="device-form"
      width={560}
      initialValues={initialValues}
      onSubmit={submit}
      onCancel={onClose}
      formTestId="device-form"
      saveTestId="device-form-save"
    >
      {editing ? (
        <Form.Item label="Serial number">
          <Typography.Text strong data-testid="device-form-serial">
            {editing.serial_number}
          </Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item
          name="serial_number"
          label="Serial number"
          rules={[
            { required: true, whitespace: true, message: M.serialRequired },
            { pattern: SERIAL_NUMBER_PATTERN, message: M.serialInvalid },
          ]}
        >
          <Input autoComplete="off" placeholder="e.g. CQZ7224460123" />
        </Form.Item>
      )}
      <Form.Item name="name" label="Name" rules={[{ max: DEVICE_NAME_MAX, message: M.nameTooLong }]}>
        <Input autoComplete="off" placeholder="e.g. Head office gate" />
      </Form.Item>
      <Form.Item name="system" label="Attendance check system" rules={[{ required: true, message: M.systemRequired }]}>
        <Select options={SYSTEM_OPTIONS} placeholder="Select system" />
      </Form.Item>
      <Form.Item name="time_zone" label="Time zone" rules={[{ required: true, message: M.timeZoneRequired }]} extra="The zone of the device's clock: its punches carry local time without an offset.">
        <Select options={zones} showSearch={{ optionFilterProp: 'label' }} placeholder="Select time zone" />
      </Form.Item>
      {editing ? (
        <Form.Item name="active" label="Active" valuePropName="checked">
          <Switch />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
