import { departmentsOf, useDivisionsDepartments } from '../lib/lookups.ts';
import { commonTexts } from './i18n/index.ts';
import { OrgUnitSelect, type OrgUnitSelectProps } from './org-unit-select.tsx';

export type DepartmentSelectProps = OrgUnitSelectProps & {
  /** Chosen divisions (ids or codes): only their departments are offered; all departments when empty. */
  divisions?: readonly (string | number)[];
  valueField?: 'id' | 'department_code';
};

/** Multi-select of departments, narrowed to the chosen divisions (spec 000 §2 filter bar). */
export function DepartmentSelect({ valueField = 'id', divisions, ...props }: DepartmentSelectProps) {
  const { t } = commonTexts.useT();
  const tree = useDivisionsDepartments();
  const options = departmentsOf(tree.data, divisions).map((d) => ({ value: valueField === 'id' ? d.id : d.department_code, label: d.name }));
  return <OrgUnitSelect {...props} options={options} loading={tree.isLoading} defaultPlaceholder={t('select.selectDepartment')} />;
}
