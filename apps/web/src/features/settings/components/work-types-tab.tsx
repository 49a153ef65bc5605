import type { TableColumnsType } from 'antd';
import type { WorkTypeRow } from '@tms/contracts/settings';
import { PagedTable } from '../../../components/paged-table.tsx';
import { useWorkTypes } from '../api/settings-api.ts';

const COLUMNS: TableColumnsType<WorkTypeRow> = [
  { title: 'Registration type on the HR system', dataIndex: 'hr_registration_type', key: 'hr_registration_type', width: 260 },
  { title: 'Definition', dataIndex: 'definition', key: 'definition', width: 320 },
  { title: 'Notation on the HR system', dataIndex: 'hr_notation', key: 'hr_notation', width: 180 },
  { title: 'Payroll notation', dataIndex: 'payroll_notation', key: 'payroll_notation', width: 160 },
];

/** Working Type tab (spec 002 §2 Settings, §3 Working type), paged with a size changer. */
export function WorkTypesTab() {
  const list = useWorkTypes();
  return <PagedTable<WorkTypeRow> {...list.tableProps} columns={COLUMNS} rowKey="id" data-testid="work-types-table" tableProps={{ locale: { emptyText: 'No working types' } }} />;
}
