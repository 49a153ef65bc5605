import { Alert, Form } from 'antd';
import type { GeneralConfigRow } from '@tms/contracts/general-config';
import { FormModal } from '../../../../components/form-modal.tsx';
import { useLockDate, useServerToday } from '../../../../lib/lookups.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { parseServerDate } from '../../../../lib/dates.ts';
import { useCreateGeneralConfig } from '../../api/create-general-config.ts';
import { useUpdateGeneralConfig } from '../../api/update-general-config.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';
import { GeneralConfigFormFields } from './general-config-form-fields.tsx';
import { editValuesOf, toCreateBody, toUpdateBody, type GeneralConfigFormValues } from './general-config-form-values.ts';

/**
 * 'Add General Configuration' (no row) or 'Edit General Configuration' (a row). A rejected save keeps the modal open
 * with the server's message (shown by the mutation cache); on success (200) the server's message is toasted, the
 * modal closes and is unmounted, so the form resets, and the list reloads (spec 000 §4).
 */
export function GeneralConfigFormModal({ row, onClose }: { row?: GeneralConfigRow; onClose: () => void }) {
  const [form] = Form.useForm<GeneralConfigFormValues>();
  const create = useCreateGeneralConfig();
  const update = useUpdateGeneralConfig();
  const today = useServerToday();
  const lock = useLockDate();
  const locked = row?.fieldsLocked ?? false;
  const { t } = leaveManagementTexts.useT();

  const save = async (values: GeneralConfigFormValues) => {
    const { message } = row ? await update.mutateAsync(toUpdateBody(row, values)) : await create.mutateAsync(toCreateBody(values));
    notifySuccess(message);
    onClose();
  };

  return (
    <FormModal<GeneralConfigFormValues>
      guardUnsaved
      open
      title={row ? t('config.titles.edit') : t('config.titles.add')}
      form={form}
      name="general-config-form"
      initialValues={row ? editValuesOf(row) : undefined}
      onSubmit={save}
      onCancel={onClose}
      confirmLoading={today.isLoading || lock.isLoading}
      formTestId="general-config-form"
      saveTestId="general-config-save"
      cancelTestId="general-config-cancel"
    >
      {locked ? <Alert type="info" showIcon title={t('config.fieldsLocked')} style={{ marginBottom: 16 }} /> : null}
      <GeneralConfigFormFields limits={{ today: today.today, lockDate: lock.lockDate }} locked={locked} storedApply={row ? parseServerDate(row.applyDate) : undefined} />
    </FormModal>
  );
}
