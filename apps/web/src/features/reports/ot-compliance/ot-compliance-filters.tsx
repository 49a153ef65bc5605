import type { ReactNode } from 'react';
import { Button, Checkbox, Col, DatePicker, Form, Row, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { KitForm } from '../../../components/kit-form.tsx';
import { DepartmentSelect } from '../../../components/department-select.tsx';
import { DivisionSelect } from '../../../components/division-select.tsx';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { reportsTexts } from '../i18n/index.ts';
import type { OtComplianceFormValues } from './ot-compliance-rules.ts';

type Props = { initialValues: OtComplianceFormValues; onSearch: (values: OtComplianceFormValues) => void; onReload: () => void; loading: boolean; extra: ReactNode };

/** The report's filter (issue 27 §2): months, divisions, departments (of the chosen divisions), staff, only at risk. */
export function OtComplianceFilters(props: Props) {
  const [form] = Form.useForm<OtComplianceFormValues>();
  const { t } = reportsTexts.useT();
  const divisions = Form.useWatch('divisions', form) as number[] | undefined;
  const reload = () => {
    form.resetFields();
    props.onReload();
  };
  return (
    <KitForm<OtComplianceFormValues> form={form} name="ot-compliance-filter" layout="vertical" initialValues={props.initialValues} onFinish={props.onSearch} role="search" className="tms-filter-bar">
      <Row gutter={[16, 0]} align="bottom">
        <Col xs={24} sm={12} md={8} xl={6}>
          <Form.Item name="months" label={t('otCompliance.months')}>
            <DatePicker.RangePicker picker="month" format="MM/YYYY" allowClear={false} style={{ width: '100%' }} data-testid="ot-compliance-months" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8} xl={6}>
          <Form.Item name="divisions" label={t('otCompliance.divisions')}>
            <DivisionSelect data-testid="ot-compliance-divisions" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8} xl={6}>
          <Form.Item name="departments" label={t('otCompliance.departments')}>
            <DepartmentSelect divisions={divisions} data-testid="ot-compliance-departments" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8} xl={6}>
          <Form.Item name="users" label={t('otCompliance.users')}>
            <EmployeeSelect mode="multiple" valueField="id" data-testid="ot-compliance-users" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8} xl={6}>
          <Form.Item name="onlyAtRisk" valuePropName="checked">
            <Checkbox data-testid="ot-compliance-at-risk">{t('otCompliance.onlyAtRisk')}</Checkbox>
          </Form.Item>
        </Col>
        <Col flex="auto">
          <Form.Item label=" " colon={false}>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} loading={props.loading} data-testid="filter-search">
                {t('otCompliance.search')}
              </Button>
              <Button icon={<ReloadOutlined aria-hidden />} onClick={reload} data-testid="filter-reload">
                {t('otCompliance.reload')}
              </Button>
              {props.extra}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </KitForm>
  );
}
