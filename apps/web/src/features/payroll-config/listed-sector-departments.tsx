import { useEffect, useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { DepartmentSelect } from '../../components/department-select.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { useListedDepartments, useSaveListedDepartments } from './api/payroll-config-api.ts';
import { payrollConfigTexts } from './i18n/index.ts';

/**
 * Issue 27 §2: the departments whose staff may work the yearly overtime limit of listed sectors (Decree 145/2020
 * Art. 61). Saved on its own: the server keeps a history entry per department whose marker changed.
 */
export function ListedSectorDepartments() {
  const { t } = payrollConfigTexts.useT();
  const listed = useListedDepartments();
  const save = useSaveListedDepartments();
  const [value, setValue] = useState<number[]>([]);
  useEffect(() => {
    if (listed.data) setValue(listed.data.departmentIds);
  }, [listed.data]);
  const onSave = async () => {
    const res = await save.mutateAsync(value).catch(() => null);
    if (res) notifySuccess(t('listedSaved'));
  };
  return (
    <Card size="small" title={t('listed')} style={{ marginTop: 16 }} data-testid="payroll-listed-departments">
      <Space direction="vertical" style={{ width: '100%' }}>
        <label htmlFor="payroll-listed-departments">
          <Typography.Text type="secondary">{t('listedHint')}</Typography.Text>
        </label>
        <DepartmentSelect id="payroll-listed-departments" value={value} onChange={(v) => setValue((v as number[]) ?? [])} />
        <Button onClick={() => void onSave()} loading={save.isPending} data-testid="payroll-listed-save">
          {t('listedSave')}
        </Button>
      </Space>
    </Card>
  );
}
