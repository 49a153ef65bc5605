import type { Dayjs } from 'dayjs';
import { Button, Col, DatePicker, Form, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { REQUEST_MESSAGES as M } from '@tms/contracts/requests';
import { DATE_DMY } from '@tms/contracts/api';
import { DURATION_OPTIONS, hourOptions, minuteOptions, SHIFT_OPTIONS, type DateRowValues } from './request-form-rules.ts';

/** Onsite mode: a start date and shift and an end date and shift. */
export function OnsiteFields({ disabledDate }: { disabledDate: (d: Dayjs) => boolean }) {
  return (
    <Row gutter={16}>
      <Col span={6}>
        <Form.Item name="start_date" label="Start date" rules={[{ required: true, message: M.startTimeRequired }]}>
          <DatePicker format={DATE_DMY} disabledDate={disabledDate} style={{ width: '100%' }} data-testid="request-start-date" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="start_shift" label="Start shift" rules={[{ required: true, message: M.shiftRequired }]}>
          <Select options={SHIFT_OPTIONS} data-testid="request-start-shift" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="end_date" label="End date" rules={[{ required: true, message: M.endTimeRequired }]}>
          <DatePicker format={DATE_DMY} disabledDate={disabledDate} style={{ width: '100%' }} data-testid="request-end-date" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="end_shift" label="End shift" rules={[{ required: true, message: M.shiftRequired }]}>
          <Select options={SHIFT_OPTIONS} data-testid="request-end-shift" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Single and batch modes: a list of request dates, each a day part (day based) or hours and minutes (hour based). */
export function DateRows({ hourBased, standardHours, block, disabledDate }: { hourBased: boolean; standardHours: number; block?: number; disabledDate: (d: Dayjs) => boolean }) {
  return (
    <Form.List
      name="rows"
      rules={[
        {
          validator: async (_, rows: DateRowValues[] | undefined) => {
            if (!rows || rows.length === 0) throw new Error(M.requestDatesRequired);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <Typography.Text strong>Request dates</Typography.Text>
          {fields.map((field, index) => (
            <Row key={field.key} gutter={12} align="top" data-testid={`request-date-row-${index}`}>
              <Col span={hourBased ? 9 : 12}>
                <Form.Item name={[field.name, 'date']} rules={[{ required: true, message: M.requestDateRequired }]}>
                  <DatePicker format={DATE_DMY} disabledDate={disabledDate} style={{ width: '100%' }} aria-label="Request date" data-testid={`request-date-${index}`} />
                </Form.Item>
              </Col>
              {hourBased ? (
                <>
                  <Col span={6}>
                    <Form.Item name={[field.name, 'hour']} rules={[{ required: true, message: M.hourRequired }]}>
                      <Select options={hourOptions(standardHours).map((h) => ({ value: h, label: `${h} h` }))} placeholder="Hour" aria-label="Hour" data-testid={`request-hour-${index}`} />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item noStyle dependencies={[['rows', field.name, 'hour']]}>
                      {({ getFieldValue }) => (
                        <Form.Item name={[field.name, 'minute']} rules={[{ required: true, message: M.minuteRequired }]}>
                          <Select
                            options={minuteOptions(getFieldValue(['rows', field.name, 'hour']) as number | undefined, block, standardHours).map((m) => ({ value: m, label: `${m} min` }))}
                            placeholder="Minute"
                            aria-label="Minute"
                            data-testid={`request-minute-${index}`}
                          />
                        </Form.Item>
                      )}
                    </Form.Item>
                  </Col>
                </>
              ) : (
                <Col span={9}>
                  <Form.Item name={[field.name, 'duration']} rules={[{ required: true, message: M.durationRequired }]}>
                    <Select options={DURATION_OPTIONS} aria-label="Duration" data-testid={`request-duration-${index}`} />
                  </Form.Item>
                </Col>
              )}
              <Col span={3}>
                <Button icon={<DeleteOutlined aria-hidden />} aria-label="Remove date" disabled={fields.length <= 1} onClick={() => remove(field.name)} data-testid={`request-date-remove-${index}`} />
              </Col>
            </Row>
          ))}
          <Space direction="vertical" style={{ marginBottom: 12 }}>
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ duration: 'FULL_DAY' })} data-testid="request-date-add">
              Add date
            </Button>
            <Form.ErrorList errors={errors} />
          </Space>
        </>
      )}
    </Form.List>
  );
}
