import { Form, Input } from 'antd';
import { BONUS_LEAVE_DESCRIPTION_MAX } from '@tms/contracts/bonus-leave';
import { GrantDateFields, ruleOf } from '../../../../components/grant-form-fields.tsx';
import { NumberInput } from '../../../../components/number-input.tsx';
import { hoursInputText } from '../../../../lib/numbers.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';
import { leaveHourError, type EditedGrant, type GrantLimits } from './bonus-leave-form-rules.ts';
import type { BonusLeaveFormValues } from './bonus-leave-form-values.ts';

type BonusLeaveFormFieldsProps = {
  limits: GrantLimits;
  /** Set when editing an existing row. */
  edited?: EditedGrant;
};

/** Leave Hour, Date Applied, Date Expired and Note of the Add / Edit Bonus Leave form (spec 000 §5). */
export function BonusLeaveFormFields({ limits, edited }: BonusLeaveFormFieldsProps) {
  const { t } = leaveManagementTexts.useT();
  return (
    <>
      <Form.Item<BonusLeaveFormValues> name="leaveHour" label={t('bonus.leaveHour')} required rules={[ruleOf((value: unknown) => leaveHourError(value, edited))]}>
        <NumberInput<number> keepInvalidText step={0.5} formatter={hoursInputText} placeholder={t('bonus.leaveHour')} disabled={edited?.locked} style={{ width: '100%' }} />
      </Form.Item>
      <GrantDateFields limits={limits} applyLabel={t('common.dateApplied')} expireLabel={t('common.dateExpired')} edited={edited} />
      <Form.Item<BonusLeaveFormValues> name="description" label={t('common.note')} rules={[{ max: BONUS_LEAVE_DESCRIPTION_MAX, message: t('common.descriptionTooLong') }]}>
        <Input.TextArea rows={4} maxLength={BONUS_LEAVE_DESCRIPTION_MAX} showCount placeholder={t('common.note')} />
      </Form.Item>
    </>
  );
}
