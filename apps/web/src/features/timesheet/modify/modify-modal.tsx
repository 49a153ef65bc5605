import { Button, DatePicker, Descriptions, Form, Input, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import type { GridFilter } from '@tms/contracts/timesheet-grid';
import { TIMESHEET_COMMENT_MAX, type TimesheetInfo } from '@tms/contracts/timesheet-review';
import { DATE_DMY, formatDmy, formatIsoDate, parseServerDate } from '../../../lib/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useModifyTimesheet } from '../api/modify-timesheet.ts';
import { useRuleValues } from '../api/get-rule-values.ts';
import { timesheetTexts } from '../i18n/index.ts';
import {
  abnormalOnlyOptions,
  buildModifyBody,
  commentError,
  dateError,
  modifySuccessText,
  modifyTitle,
  ruleValueNumber,
  ruleValueOptions,
  typeError,
  valueError,
  type ModifyDraft,
  type ModifyTarget,
} from './modify-form.ts';

type FormValues = {
  abnormal_only?: boolean;
  dates?: [Dayjs | null, Dayjs | null] | null;
  /** The chosen notation (several notations may share a number). */
  value?: string;
  comment?: string;
};

export type ModifyModalProps = {
  target: ModifyTarget;
  timesheet: TimesheetInfo;
  /** The grid's current filter (Modify Column edits the employees it selects). */
  filter: GridFilter;
  onClose: () => void;
};

/** antd rule from a pure check returning a message or null. */
const check = (message: string | null) => (message ? Promise.reject(new Error(message)) : Promise.resolve());

/**
 * Modify Cell / Row / Column (spec 001 §2.1): abnormal_only (not for a cell), date range (row only, within the
 * timesheet's dates), value from the integration rule notations, comment; client rules of spec 001 §5.1. On code 200
 * the server's message is toasted, the modal closes and the grid reloads; otherwise the message shows and the modal
 * stays open (spec 001 §8). Mounted only while open, so it always starts empty.
 */
export function ModifyModal({ target, timesheet, filter, onClose }: ModifyModalProps) {
  const [form] = Form.useForm<FormValues>();
  const ruleValues = useRuleValues();
  const modify = useModifyTimesheet();
  const { t } = timesheetTexts.useT();
  const period = { from_date: timesheet.from_date, to_date: timesheet.to_date };
  const type = target.type;

  const draftOf = (values: FormValues): ModifyDraft => ({
    abnormalOnly: values.abnormal_only,
    fromDate: values.dates?.[0] ? formatIsoDate(values.dates[0]) : null,
    toDate: values.dates?.[1] ? formatIsoDate(values.dates[1]) : null,
    value: ruleValueNumber(ruleValues.data, values.value),
    comment: values.comment,
  });

  const save = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    try {
      const answer = await modify.mutateAsync(buildModifyBody(target, draftOf(values), filter));
      if (answer.code !== 200) {
        notifyError(answer.message);
        return;
      }
      notifySuccess(modifySuccessText(type, answer.message, t));
      onClose();
    } catch {
      // The mutation cache shows the returned message; the modal stays open for a retry.
    }
  };

  const outsidePeriod = (d: Dayjs) => {
    const iso = formatIsoDate(d);
    return iso < period.from_date || iso > period.to_date;
  };

  return (
    <Modal
      open
      title={modifyTitle(type, t)}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      // The test id sits on the visible panel (antd puts data-* on its zero-size root).
      modalRender={(panel) => <div data-testid="ts-modify-modal">{panel}</div>}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="ts-modify-cancel">
          {t('modify.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={modify.isPending} onClick={() => void save()} data-testid="ts-modify-save">
          {t('modify.save')}
        </Button>,
      ]}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        {target.type !== 'column' ? <Descriptions.Item label={t('modify.staff')}>{target.employeeName}</Descriptions.Item> : null}
        {target.type !== 'row' ? <Descriptions.Item label={t('modify.date')}>{formatDmy(target.date)}</Descriptions.Item> : null}
      </Descriptions>
      <Form<FormValues> form={form} name="timesheet-modify" layout="vertical" preserve={false} onFinish={() => void save()}>
        {type !== 'cell' ? (
          <Form.Item name="abnormal_only" label={t('modify.type')} required rules={[{ validator: (_r, v: boolean | undefined) => check(typeError(type, v, t)) }]}>
            <Radio.Group options={abnormalOnlyOptions(t)} data-testid="ts-modify-abnormal" />
          </Form.Item>
        ) : null}
        {type === 'row' ? (
          // The range picker copies data-* onto both of its inputs: the test id marks the field instead.
          <div data-testid="ts-modify-dates">
            <Form.Item
              name="dates"
              label={t('modify.date')}
              required
              rules={[
                {
                  validator: (_r, v: FormValues['dates']) => check(dateError(type, v?.[0] ? formatIsoDate(v[0]) : null, v?.[1] ? formatIsoDate(v[1]) : null, period, t)),
                },
              ]}
            >
              <DatePicker.RangePicker
                format={DATE_DMY}
                disabledDate={outsidePeriod}
                defaultPickerValue={parseServerDate(period.from_date) ?? undefined}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </div>
        ) : null}
        <Form.Item name="value" label={t('modify.value')} required rules={[{ validator: (_r, v: string | undefined) => check(valueError(ruleValueNumber(ruleValues.data, v), t)) }]}>
          <Select options={ruleValueOptions(ruleValues.data)} loading={ruleValues.isLoading} placeholder={t('modify.selectValue')} showSearch={{ optionFilterProp: 'label' }} data-testid="ts-modify-value" />
        </Form.Item>
        <Form.Item name="comment" label={t('modify.comment')} required rules={[{ validator: (_r, v: string | undefined) => check(commentError(v, t)) }]}>
          <Input.TextArea rows={3} maxLength={TIMESHEET_COMMENT_MAX} showCount data-testid="ts-modify-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
