import { Button, Col, DatePicker, Form, Row, Space, Typography } from 'antd';
import { KitForm } from '../../../components/kit-form.tsx';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { DATE_DMY } from '@tms/contracts/api';
import { DepartmentSelect } from '../../../components/department-select.tsx';
import { EmployeeSelect } from '../../../components/employee-select.tsx';
import { ProjectSelect } from '../../../components/project-select.tsx';
import { reportsTexts } from '../i18n/index.ts';
import { searchState, type CheckTimeFormValues } from './check-time-rules.ts';

/**
 * The report's filter (spec 001 §5.8): date range, project, departments, users (remote search from 3 characters,
 * debounced). Search stays disabled until a range and one of project, departments or users is set, and while the range
 * exceeds 3 months (the warning is shown under the range).
 */
export function CheckTimeFilters(props: { initialValues: CheckTimeFormValues; onSearch: (values: CheckTimeFormValues) => void; onReload: () => void; loading: boolean; extra: ReactNode }) {
  const [form] = Form.useForm<CheckTimeFormValues>();
  const { t } = reportsTexts.useT();
  const values = Form.useWatch([], form) as CheckTimeFormValues | undefined;
  const state = searchState(values ?? props.initialValues);

  const reload = () => {
    form.resetFields();
    props.onReload();
  };

  return (
    <KitForm<CheckTimeFormValues> form={form} name="check-time-filter" layout="vertical" initialValues={props.initialValues} onFinish={props.onSearch} role="search" className="tms-filter-bar">
      <Row gutter={[16, 0]} align="bottom">
        <Col xs={24} sm={12} md={8} xl={6}>
          <Form.Item
            name="range"
            label={t('checkTime.date')}
            validateStatus={state.warning ? 'warning' : undefined}
            help={state.warning ? <Typography.Text type="warning" data-testid="check-time-range-warning">{state.warning}</Typography.Text> : undefined}
          >
            <DatePicker.RangePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="check-time-range" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8} xl={6}>
          <Form.Item name="project" label={t('checkTime.project')}>
            <ProjectSelect allowClear data-testid="check-time-project" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8} xl={6}>
          <Form.Item name="departments" label={t('checkTime.departments')}>
            <DepartmentSelect data-testid="check-time-departments" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8} xl={6}>
          <Form.Item name="users" label={t('checkTime.users')}>
            <EmployeeSelect mode="multiple" data-testid="check-time-users" />
          </Form.Item>
        </Col>
        <Col flex="auto">
          <Form.Item label=" " colon={false}>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} disabled={!state.enabled} loading={props.loading} data-testid="filter-search">
                {t('checkTime.search')}
              </Button>
              <Button icon={<ReloadOutlined aria-hidden />} onClick={reload} data-testid="filter-reload">
                {t('checkTime.reload')}
              </Button>
              {props.extra}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </KitForm>
  );
}
