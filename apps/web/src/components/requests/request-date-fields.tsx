import type { Dayjs } from 'dayjs';
import { Button, Col, DatePicker, Form, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DATE_DMY } from '@tms/contracts/api';
import { formatCount } from '../../lib/numbers.ts';
import { commonTexts } from '../i18n/index.ts';
import { durationOptions, hourOptions, minuteOptions, shiftOptions, type DateRowValues } from './request-form-rules.ts';

/** Onsite mode: a start date and shift and an end date and shift. */
export function OnsiteFields({ disabledDate }: { disabledDate: (d: Dayjs) => boolean }) {
  const { t } = commonTexts.useT();
  const shifts = shiftOptions(t);
  return (
    <Row gutter={16}>
      <Col xs={12} sm={6}>
        <Form.Item name="start_date" label={t('requestForm.startDate')} rules={[{ required: true, message: t('requestForm.messages.startTimeRequired') }]}>
          <DatePicker format={DATE_DMY} disabledDate={disabledDate} style={{ width: '100%' }} data-testid="request-start-date" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="start_shift" label={t('requestForm.startShift')} rules={[{ required: true, message: t('requestForm.messages.shiftRequired') }]}>
          <Select options={shifts} data-testid="request-start-shift" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="end_date" label={t('requestForm.endDate')} rules={[{ required: true, message: t('requestForm.messages.endTimeRequired') }]}>
          <DatePicker format={DATE_DMY} disabledDate={disabledDate} style={{ width: '100%' }} data-testid="request-end-date" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="end_shift" label={t('requestForm.endShift')} rules={[{ required: true, message: t('requestForm.messages.shiftRequired') }]}>
          <Select options={shifts} data-testid="request-end-shift" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Single and batch modes: a list of request dates, each a day part (day based) or hours and minutes (hour based). */
export function DateRows({ hourBased, standardHours, block, disabledDate }: { hourBased: boolean; standardHours: number; block?: number; disabledDate: (d: Dayjs) => boolean }) {
  const { t } = commonTexts.useT();
  return (
    <Form.List
      name="rows"
      rules={[
        {
          validator: async (_, rows: DateRowValues[] | undefined) => {
            if (!rows || rows.length === 0) throw new Error(commonTexts.t('requestForm.messages.requestDatesRequired'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <Typography.Text strong>{t('requestForm.requestDates')}</Typography.Text>
          {fields.map((field, index) => (
            <Row key={field.key} gutter={12} align="top" data-testid={`request-date-row-${index}`}>
              {/* On a phone the date takes its own line and the selects the rest of the next, so their text shows whole. */}
              <Col xs={24} sm={hourBased ? 9 : 12}>
                <Form.Item name={[field.name, 'date']} rules={[{ required: true, message: t('requestForm.messages.requestDateRequired') }]}>
                  <DatePicker format={DATE_DMY} disabledDate={disabledDate} style={{ width: '100%' }} aria-label={t('requestForm.requestDate')} data-testid={`request-date-${index}`} />
                </Form.Item>
              </Col>
              {hourBased ? (
                <>
                  <Col xs={10} sm={6}>
                    <Form.Item name={[field.name, 'hour']} rules={[{ required: true, message: t('requestForm.messages.hourRequired') }]}>
                      <Select
                        options={hourOptions(standardHours).map((h) => ({ value: h, label: t('requestForm.hourOption', { hour: formatCount(h) }) }))}
                        placeholder={t('requestForm.hour')}
                        aria-label={t('requestForm.hour')}
                        data-testid={`request-hour-${index}`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={11} sm={6}>
                    <Form.Item noStyle dependencies={[['rows', field.name, 'hour']]}>
                      {({ getFieldValue }) => (
                        <Form.Item name={[field.name, 'minute']} rules={[{ required: true, message: t('requestForm.messages.minuteRequired') }]}>
                          <Select
                            options={minuteOptions(getFieldValue(['rows', field.name, 'hour']) as number | undefined, block, standardHours).map((m) => ({ value: m, label: t('requestForm.minuteOption', { minute: formatCount(m) }) }))}
                            placeholder={t('requestForm.minute')}
                            aria-label={t('requestForm.minute')}
                            data-testid={`request-minute-${index}`}
                          />
                        </Form.Item>
                      )}
                    </Form.Item>
                  </Col>
                </>
              ) : (
                <Col xs={21} sm={9}>
                  <Form.Item name={[field.name, 'duration']} rules={[{ required: true, message: t('requestForm.messages.durationRequired') }]}>
                    <Select options={durationOptions(t)} aria-label={t('requestForm.duration')} data-testid={`request-duration-${index}`} />
                  </Form.Item>
                </Col>
              )}
              <Col span={3}>
                <Button icon={<DeleteOutlined aria-hidden />} aria-label={t('requestForm.removeDate')} disabled={fields.length <= 1} onClick={() => remove(field.name)} data-testid={`request-date-remove-${index}`} />
              </Col>
            </Row>
          ))}
          <Space direction="vertical" style={{ marginBottom: 12 }}>
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ duration: 'FULL_DAY' })} data-testid="request-date-add">
              {t('requestForm.addDate')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Space>
        </>
      )}
    </Form.List>
  );
}
