import { useState } from 'react';
import { Button, Col, Input, Row, Select } from 'antd';
import { FilterFold } from '../../../components/filter-fold.tsx';
import { ProjectSelect } from '../../../components/project-select.tsx';
import { departmentsOf, divisionsOf, useDivisionsDepartments } from '../../../lib/lookups.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { useAbsenceReasons } from '../api/team-calendar-api.ts';
import type { TeamCalendarT } from '../i18n/index.ts';

export type CalendarFilterValues = { division_id?: number; department_id?: number; project_id?: number; reason_type?: string; keyword?: string };

/**
 * Division, department (narrowed to the division), project, reason and a name search; each applies at once. On a
 * phone they fold behind the 'Filters' button that counts those in use, as every list's filters do (issue 26 §3), so
 * the calendar is on the first screen; Clear also closes the panel (the page remounts the filters).
 */
export function CalendarFilters({ value, onChange, t }: { value: CalendarFilterValues; onChange: (next: CalendarFilterValues) => void; t: TeamCalendarT }) {
  const phone = usePhoneLayout();
  const [open, setOpen] = useState(false);
  const tree = useDivisionsDepartments();
  const reasons = useAbsenceReasons();
  const set = (patch: CalendarFilterValues) => onChange({ ...value, ...patch });
  const divisions = divisionsOf(tree.data).map((d) => ({ value: d.id, label: d.name }));
  const departments = departmentsOf(tree.data, value.division_id ? [value.division_id] : undefined).map((d) => ({ value: d.id, label: d.name }));
  const common = { allowClear: true, showSearch: { optionFilterProp: 'label' as const }, style: { width: '100%' } };
  const fields = (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }} data-testid="team-calendar-filters">
      <Col xs={24} sm={12} md={8} lg={4}>
        <Select {...common} placeholder={t('filters.division')} aria-label={t('filters.division')} options={divisions} loading={tree.isLoading} value={value.division_id}
          onChange={(v?: number) => set({ division_id: v, department_id: undefined })} data-testid="team-calendar-division" />
      </Col>
      <Col xs={24} sm={12} md={8} lg={5}>
        <Select {...common} placeholder={t('filters.department')} aria-label={t('filters.department')} options={departments} loading={tree.isLoading} value={value.department_id}
          onChange={(v?: number) => set({ department_id: v })} data-testid="team-calendar-department" />
      </Col>
      <Col xs={24} sm={12} md={8} lg={5}>
        <ProjectSelect placeholder={t('filters.project')} aria-label={t('filters.project')} allowClear style={{ width: '100%' }} value={value.project_id ?? null}
          onChange={(v) => set({ project_id: typeof v === 'number' ? v : undefined })} data-testid="team-calendar-project" />
      </Col>
      <Col xs={24} sm={12} md={8} lg={4}>
        <Select {...common} placeholder={t('filters.reason')} aria-label={t('filters.reason')} options={reasons.options} loading={reasons.isLoading} value={value.reason_type}
          onChange={(v?: string) => set({ reason_type: v })} data-testid="team-calendar-reason" />
      </Col>
      <Col xs={24} sm={12} md={8} lg={4}>
        <Input.Search allowClear placeholder={t('filters.keyword')} aria-label={t('filters.keyword')} defaultValue={value.keyword}
          onSearch={(v) => set({ keyword: v.trim() || undefined })} data-testid="team-calendar-keyword" />
      </Col>
      <Col xs={24} sm={12} md={8} lg={2}>
        <Button onClick={() => onChange({})} data-testid="team-calendar-clear">
          {t('filters.clear')}
        </Button>
      </Col>
    </Row>
  );
  if (!phone) return fields;
  const inUse = Object.values(value).filter((v) => v !== undefined && v !== '').length;
  return (
    <FilterFold inUse={inUse} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
      {fields}
    </FilterFold>
  );
}
