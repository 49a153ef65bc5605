import { useQuery } from '@tanstack/react-query';
import { Checkbox, Col, Form, Select, type ColProps } from 'antd';
import { REASON_TYPES_LOOKUP_PATH, type ReasonTypeOption } from '@tms/contracts/special-explanation';
import { apiGet } from '../../../lib/api-client.ts';
import { useLocationOptions, useRoleOptions, useWorkScheduleTypeOptions } from '../../../lib/lookups.ts';
import { useSelectClear } from '../../../components/select-clear.tsx';
import { timesheetTexts } from '../i18n/index.ts';

/** GET /tms/filters/reason-types: every active reason (spec 001 §3 Lookups), for the Reason type filter. */
function useReasonTypeOptions() {
  const query = useQuery({
    queryKey: ['reason-types', null],
    queryFn: ({ signal }) => apiGet<ReasonTypeOption[]>(REASON_TYPES_LOOKUP_PATH, {}, { signal }),
    staleTime: 10 * 60_000,
  });
  return { ...query, options: (query.data ?? []).map((r) => ({ value: r.reason_type_code, label: `${r.reason_type} (${r.reasons})` })) };
}

/**
 * The list tab's filters behind 'More filters' (MORE_FILTER_FIELDS, issue 26 §12): Role, Location, Work schedule type,
 * Reason type (sent as `reason_type`) and "Abnormal case only". Always mounted inside the form, folded away or not,
 * so their values are searched with the rest.
 */
export function MoreFilterFields({ colProps }: { colProps: ColProps }) {
  const { t } = timesheetTexts.useT();
  const roles = useRoleOptions();
  const locations = useLocationOptions();
  const scheduleTypes = useWorkScheduleTypeOptions();
  const reasonTypes = useReasonTypeOptions();
  const clear = useSelectClear();
  return (
    <>
      <Col {...colProps}>
        <Form.Item name="roles" label={t('filter.role')}>
          <Select
            mode="multiple"
            allowClear={clear}
            maxTagCount="responsive"
            placeholder={t('filter.selectRole')}
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({ value: r.code, label: r.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="ts-filter-roles"
          />
        </Form.Item>
      </Col>
      <Col {...colProps}>
        <Form.Item name="locations" label={t('filter.location')}>
          <Select mode="multiple" allowClear={clear} maxTagCount="responsive" placeholder={t('filter.selectLocation')} options={locations.options} loading={locations.isLoading} data-testid="ts-filter-locations" />
        </Form.Item>
      </Col>
      <Col {...colProps}>
        <Form.Item name="workScheduleTypes" label={t('filter.workScheduleType')}>
          <Select mode="multiple" allowClear={clear} maxTagCount="responsive" placeholder={t('filter.selectType')} options={scheduleTypes.options} loading={scheduleTypes.isLoading} data-testid="ts-filter-work-schedule-types" />
        </Form.Item>
      </Col>
      <Col {...colProps}>
        {/* Employees with a pending, approved or rejected request of the reason in the period (query `reason_type`). */}
        <Form.Item name="reasonTypes" label={t('filter.reasonType')}>
          <Select
            mode="multiple"
            allowClear={clear}
            maxTagCount="responsive"
            placeholder={t('filter.selectReason')}
            options={reasonTypes.options}
            loading={reasonTypes.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="ts-filter-reason-types"
          />
        </Form.Item>
      </Col>
      <Col {...colProps}>
        <Form.Item name="abnormalOnly" valuePropName="checked" label=" " colon={false}>
          <Checkbox data-testid="ts-filter-abnormal">{t('filter.abnormalOnly')}</Checkbox>
        </Form.Item>
      </Col>
    </>
  );
}
