import { Form, Input, InputNumber } from 'antd';
import { BONUS_LEAVE_DESCRIPTION_MAX, BONUS_LEAVE_MESSAGES as M } from '@tms/contracts/bonus-leave';
import { GrantDateFields, ruleOf } from '../../../../components/grant-form-fields.tsx';
import { hoursInputText } from '../../../../lib/numbers.ts';
import { leaveHourError, type EditedGrant, type GrantLimits } from './bonus-leave-form-rules.ts';
import type { BonusLeaveFormValues } from './bonus-leave-form-values.ts';

type BonusLeaveFormFieldsProps = {
  limits: GrantLimits;
  /** Set when editing an existing row. */
  edited?: EditedGrant;
};

/** Leave Hour, Date Applied, Date Expired and Note of the Add / Edit Bonus Leave form (spec 000 §5). */
export function BonusLeaveFormFields({ limits, edited }: BonusLeaveFormFieldsProps) {
  return (
    <>
      <Form.Item<BonusLeaveFormValues> name="leaveHour" label="Leave Hour" required rules={[ruleOf((value: unknown) => leaveHourError(value, edited))]}>
        <InputNumber<number> step={0.5} formatter={hoursInputText} placeholder="Leave Hour" disabled={edited?.locked} style={{ width: '100%' }} />
      </Form.Item>
      <GrantDateFields limits={limits} applyLabel="Date Applied" expireLabel="Date Expired" edited={edited} />
      <Form.Item<BonusLeaveFormValues> name="description" label="Note" rules={[{ max: BONUS_LEAVE_DESCRIPTION_MAX, message: M.descriptionTooLong }]}>
        <Input.TextArea rows={4} maxLength={BONUS_LEAVE_DESCRIPTION_MAX} showCount placeholder="Note" />
      </Form.Item>
    </>
  );
}
