import type { TableColumnsType } from 'antd';
import type { WorkTypeRow } from '@tms/contracts/settings';
import { PagedTable } from '../../../components/paged-table.tsx';
import { useWorkTypes } from '../api/settings-api.ts';
import { settingsTexts } from '../i18n/index.ts';

/** Working Type tab (spec 002 §2 Settings, §3 Working type), paged with a size changer. */
export function WorkTypesTab() {
  const list = useWorkTypes();
  const { t } = settingsTexts.useT();
  const columns: TableColumnsType<WorkTypeRow> = [
    { title: t('workTypes.registrationType'), dataIndex: 'hr_registration_type', key: 'hr_registration_type', width: 260 },
    { title: t('workTypes.definition'), dataIndex: 'definition', key: 'definition', width: 320 },
    { title: t('workTypes.hrNotation'), dataIndex: 'hr_notation', key: 'hr_notation', width: 180 },
    { title: t('workTypes.payrollNotation'), dataIndex: 'payroll_notation', key: 'payroll_notation', width: 160 },
  ];
  return <PagedTable<WorkTypeRow> {...list.tableProps} columns={columns} rowKey="id" data-testid="work-types-table" tableProps={{ locale: { emptyText: t('workTypes.empty') } }} />;
}
