import { divisionsOf, useDivisionsDepartments } from '../lib/lookups.ts';
import { commonTexts } from './i18n/index.ts';
import { OrgUnitSelect, type OrgUnitSelectProps } from './org-unit-select.tsx';

export type DivisionSelectProps = OrgUnitSelectProps & { valueField?: 'id' | 'department_code' };

/** Multi-select of divisions from get-all-divisions-departments (spec 000 §3 reference lists). */
export function DivisionSelect({ valueField = 'id', ...props }: DivisionSelectProps) {
  const { t } = commonTexts.useT();
  const tree = useDivisionsDepartments();
  const options = divisionsOf(tree.data).map((d) => ({ value: valueField === 'id' ? d.id : d.department_code, label: d.name }));
  return <OrgUnitSelect {...props} options={options} loading={tree.isLoading} defaultPlaceholder={t('select.selectDivision')} />;
}
