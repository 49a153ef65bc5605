import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Spin, Switch, Typography } from 'antd';
import { KitForm } from '../../components/kit-form.tsx';
import { useDirtyFlag, useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import {
  POLICY_CONFIG_PAGE,
  WORK_SCHEDULE_MESSAGES as M,
  WORK_SCHEDULE_TEXT_MAX,
  checkWorkScheduleForm,
  type WorkScheduleDetail,
} from '@tms/contracts/work-schedule-config';
import { ApiError } from '../../lib/api-error.ts';
import { useWorkScheduleTypeOptions } from '../../lib/lookups.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { useSaveWorkSchedule, useWorkScheduleDetail } from './api/work-schedule-api.ts';
import { WorkScheduleDaysTable } from './components/work-schedule-days-table.tsx';
import { createBody, initialRows, rowsOf, scheduleProblemText, typeOptions, type DayFormRow, type WorkScheduleFormValues } from './components/work-schedule-form.ts';
import { workSchedulesTexts, type WorkSchedulesT } from './i18n/index.ts';

/** Header messages the form shows under their own fields (the rest go in the box above the table). */
const FIELD_MESSAGES = new Set<string>([M.codeRequired, M.nameRequired, M.typeRequired, M.tooLong, M.typeInvalid]);
const textRules = (t: WorkSchedulesT, required: string) => [
  { required: true, whitespace: true, message: required },
  { max: WORK_SCHEDULE_TEXT_MAX, message: t('messages.tooLong') },
];

function valuesOf(detail: WorkScheduleDetail): WorkScheduleFormValues {
  return { code: detail.code, type: detail.type, name: detail.name, active: detail.active };
}

/**
 * /policy-settings/policy-config/work-schedule/create and …/edit/:id (spec 002 §2): header 'Create work schedule' or
 * 'Edit work schedule'; Code (disabled when editing), Type, Name, Active; the weekday table; Create or Save; Back
 * returns to Policy config. Every rule is checked here with the server's own function before sending.
 */
export function WorkScheduleFormPage() {
  const params = useParams();
  const editId = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const editing = params.id !== undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<WorkScheduleFormValues>();
  const [rows, setRows] = useState<DayFormRow[]>(initialRows);
  const [problems, setProblems] = useState<string[]>([]);
  const detail = useWorkScheduleDetail(editId);
  const types = useWorkScheduleTypeOptions();
  const save = useSaveWorkSchedule();
  const loaded = detail.data;
  const { t } = workSchedulesTexts.useT();
  const dirtyFlag = useDirtyFlag();
  useUnsavedChangesGuard(dirtyFlag);
  const changeRows = (next: DayFormRow[]) => {
    dirtyFlag.markDirty();
    setRows(next);
  };

  useEffect(() => {
    if (!loaded) return;
    form.setFieldsValue(valuesOf(loaded));
    setRows(rowsOf(loaded));
    setProblems([]);
  }, [loaded, form]);

  const back = () => navigate(POLICY_CONFIG_PAGE);

  const submit = async (values: WorkScheduleFormValues) => {
    const body = createBody(values, rows);
    const checked = checkWorkScheduleForm(body);
    const dayProblems = checked.ok ? [] : checked.messages.filter((m) => !FIELD_MESSAGES.has(m));
    setProblems(dayProblems);
    if (!checked.ok) return;
    try {
      const res = await save.mutateAsync(loaded ? { mode: 'edit', body: { ...body, code: undefined, id: loaded.id, version: loaded.version } } : { mode: 'create', body });
      dirtyFlag.markClean();
      notifySuccess(res.message);
      back();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setProblems(error.messages);
      notifyApiError(error);
    }
  };

  const title = editing ? t('form.editTitle') : t('form.createTitle');
  if (editing && editId !== undefined && detail.isLoading) return <Spin />;

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={back} data-testid="work-schedule-back">
          {t('form.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Space>
      {editing && !loaded ? (
        <Alert type="error" title={t('form.notFound')} showIcon />
      ) : (
        <Card>
          <KitForm<WorkScheduleFormValues>
            form={form}
            layout="vertical"
            name="work-schedule-form"
            initialValues={{ active: true }}
            onValuesChange={dirtyFlag.markDirty}
            onFinish={submit}
            data-testid="work-schedule-form"
          >
            <Row gutter={16}>
              <Col xs={24} md={6}>
                <Form.Item name="code" label={t('form.code')} rules={textRules(t, t('messages.codeRequired'))}>
                  <Input disabled={editing} maxLength={WORK_SCHEDULE_TEXT_MAX + 1} />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="type" label={t('form.type')} rules={[{ required: true, message: t('messages.typeRequired') }]}>
                  <Select options={typeOptions(types.options)} placeholder={t('form.typePlaceholder')} loading={types.isLoading} data-testid="work-schedule-type" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="name" label={t('form.name')} rules={textRules(t, t('messages.nameRequired'))}>
                  <Input maxLength={WORK_SCHEDULE_TEXT_MAX + 1} />
                </Form.Item>
              </Col>
              <Col xs={24} md={4}>
                <Form.Item name="active" label={t('form.active')} valuePropName="checked">
                  <Switch data-testid="work-schedule-active" />
                </Form.Item>
              </Col>
            </Row>
            {problems.length > 0 ? (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 12 }}
                title={problems.length === 1 ? scheduleProblemText(problems[0]!, t) : <ul style={{ margin: 0, paddingLeft: 16 }}>{problems.map((p) => <li key={p}>{scheduleProblemText(p, t)}</li>)}</ul>}
                data-testid="work-schedule-problems"
              />
            ) : null}
            <WorkScheduleDaysTable rows={rows} onChange={changeRows} />
            <Space style={{ marginTop: 16 }}>
              <Button onClick={back}>{t('form.cancel')}</Button>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="work-schedule-submit">
                {editing ? t('form.save') : t('form.create')}
              </Button>
            </Space>
          </KitForm>
        </Card>
      )}
    </>
  );
}
