import { useEffect } from 'react';
import { Button, Card, Form, Input, Spin, Tabs, Typography } from 'antd';
import { PAYROLL_CONFIG_MESSAGES as M, PAYROLL_TABLE_BONUS, PAYROLL_TABLE_OVERTIME, parsePayrollValue, type PayrollConfigTable } from '@tms/contracts/overtime-pay';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { usePayrollConfig, useSavePayrollConfig } from './api/payroll-config-api.ts';
import { changedTables, fieldName, fieldsOf, initialValues, type PayrollFormValues } from './payroll-config-form.ts';
import { RecalculateSalary } from './recalculate-salary.tsx';
import { ListedSectorDepartments } from './listed-sector-departments.tsx';
import { PAYROLL_TABLE_OT_LIMITS } from '@tms/contracts/overtime-limits';
import { payrollConfigTexts } from './i18n/index.ts';
import type { en } from './i18n/en.ts';
import './payroll-config.css';

/**
 * /configuration (spec 002 "Payroll Configuration"; HR, HRM, ADMIN): one tab "Configuration" with Recalculate Salary,
 * the Overtime form (seven coefficients, six taxable parts) and the Bonus In Month form, and Save — only the changed
 * tables are sent; without edits the server answers 'Update Fail'; a non-numeric value is 'Value is not a number';
 * empty is 0; integers only.
 */
export function PayrollConfigurationPage() {
  const { t } = payrollConfigTexts.useT();
  return (
    <Card className="payroll-config">
      <Tabs items={[{ key: 'configuration', label: t('tab'), children: <ConfigurationTab /> }]} />
    </Card>
  );
}

type Translate = ReturnType<typeof payrollConfigTexts.useT>['t'];
type FieldKey = keyof typeof en.fields;
const VALUE_MESSAGES = ['notANumber', 'notInteger', 'outOfRange'] as const;

/** A value check's message (the contracts' English) in the reader's language. */
function valueMessage(t: Translate, message: string): string {
  const key = VALUE_MESSAGES.find((k) => M[k] === message);
  return key ? t(`messages.${key}`) : message;
}

const valueRule = (t: Translate) => ({
  validator: async (_: unknown, value: unknown) => {
    const r = parsePayrollValue(value ?? '');
    if (!r.ok) throw new Error(valueMessage(t, r.message));
  },
});

function ConfigurationTab() {
  const config = usePayrollConfig();
  const save = useSavePayrollConfig();
  const [form] = Form.useForm<PayrollFormValues>();
  const tables = config.data ?? [];
  const { t } = payrollConfigTexts.useT();

  useEffect(() => {
    if (config.data) form.setFieldsValue(initialValues(config.data));
  }, [config.data, form]);

  if (config.isPending) return <Spin />;

  const onSave = async () => {
    const values = form.getFieldsValue(true) as PayrollFormValues;
    const diff = changedTables(tables, values);
    if ('error' in diff) {
      await form.validateFields().catch(() => undefined);
      notifyError(valueMessage(t, diff.error));
      return;
    }
    // No change: the empty list goes to the server, which answers 'Update Fail' (shown by the failure notice).
    const res = await save.mutateAsync(diff.changes).catch(() => null);
    if (res) notifySuccess(res.message || t('messages.updated'));
  };

  const table = (code: string) => tables.find((x) => x.table_code === code);
  return (
    <Form form={form} layout="vertical" component="div" data-testid="payroll-config-form">
      <div style={{ marginBottom: 16 }}>
        <RecalculateSalary />
      </div>
      <div className="payroll-config-forms">
        <TableCard title={t('overtime')} table={table(PAYROLL_TABLE_OVERTIME)} />
        <TableCard title={t('bonus')} table={table(PAYROLL_TABLE_BONUS)} />
        <TableCard title={t('limits')} table={table(PAYROLL_TABLE_OT_LIMITS)} />
      </div>
      <Button type="primary" style={{ marginTop: 16 }} onClick={() => void onSave()} loading={save.isPending} data-testid="payroll-config-save">
        {t('save')}
      </Button>
      <ListedSectorDepartments />
    </Form>
  );
}

function TableCard({ title, table }: { title: string; table: PayrollConfigTable | undefined }) {
  const { t } = payrollConfigTexts.useT();
  if (!table) return null;
  const fields = fieldsOf(table).map((f) => ({ ...f, label: f.known ? t(`fields.${f.key as FieldKey}`) : f.label }));
  // The Overtime table in two groups: the coefficients, then their taxable parts.
  const groups =
    table.table_code === PAYROLL_TABLE_OVERTIME
      ? [
          { title: t('coefficients'), fields: fields.filter((f) => !f.key.startsWith('tax_')) },
          { title: t('taxCoefficients'), fields: fields.filter((f) => f.key.startsWith('tax_')) },
        ]
      : [{ title: null, fields }];
  return (
    <Card size="small" title={title} data-testid={`payroll-table-${table.table_code}`}>
      {groups.map((g) => (
        <div key={g.title ?? 'all'}>
          {g.title ? <Typography.Title level={5}>{g.title}</Typography.Title> : null}
          <div className="payroll-config-fields">
            {g.fields.map((f) => (
              <Form.Item key={f.key} name={fieldName(table.table_code, f.key)} label={f.label} rules={[valueRule(t)]}>
                <Input inputMode="numeric" maxLength={6} aria-label={f.label} data-testid={`payroll-${f.key}`} />
              </Form.Item>
            ))}
          </div>
        </div>
      ))}
    </Card>
  );
}
