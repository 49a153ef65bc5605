import { Col, Form, Row, Select } from 'antd';
import { SELF_CHECK_IN_MODES } from '@tms/contracts/self-check-in';
import { usePlaces } from '../../../../components/check-in-places-query.ts';
import { policySelfCheckInTexts } from './i18n/index.ts';

/**
 * The self check-in field of the staff and department policy modals (issue 28 §1): the mode and, for "at the listed
 * places", the places (at least one; the server checks the same and that each is active).
 */
export function SelfCheckInPolicyFields() {
  const { t } = policySelfCheckInTexts.useT();
  const mode = Form.useWatch('self_check_in_mode') as string | undefined;
  const places = usePlaces();
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="self_check_in_mode" label={t('policy.mode')}>
          <Select data-testid="policy-form-self-check-in" options={SELF_CHECK_IN_MODES.map((m) => ({ value: m, label: t(`policy.modes.${m}`) }))} />
        </Form.Item>
      </Col>
      {mode === 'LISTED_PLACES' ? (
        <Col xs={24} md={12}>
          <Form.Item name="self_check_in_place_ids" label={t('policy.places')} rules={[{ required: true, type: 'array', min: 1, message: t('policy.placesRequired') }]}>
            <Select
              mode="multiple"
              loading={places.isLoading}
              optionFilterProp="label"
              data-testid="policy-form-self-check-in-places"
              options={(places.data ?? []).filter((p) => p.active).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}
