import { REQUEST_STATUS, REQUEST_TYPES } from '@tms/contracts/requests';
import { toFilterQuery, type FilterField, type FilterValues } from '../../../components/filter-query.ts';
import { requestsTexts } from '../i18n/index.ts';

type RequestsT = typeof requestsTexts.t;

/** The status filter (spec 000 §4 status list without type 0). */
const STATUS_CHOICES = [REQUEST_STATUS.pending, REQUEST_STATUS.approved, REQUEST_STATUS.rejected, REQUEST_STATUS.withdrawn, REQUEST_STATUS.expired];

export const requestStatusOptions = (t: RequestsT) => STATUS_CHOICES.map((value) => ({ value, label: t(`status.${value}`) }));

export const requestTypeOptions = (t: RequestsT) => REQUEST_TYPES.map((value) => ({ value, label: t(`requestTypes.${value}`) }));

function commonFields(t: RequestsT): FilterField[] {
  return [
    { kind: 'dateRange', name: 'date', label: t('filters.requestDate'), fromParam: 'from_date', toParam: 'to_date', format: 'YYYY-MM-DD' },
    { kind: 'select', name: 'status', label: t('filters.status'), options: requestStatusOptions(t), multiple: true },
    { kind: 'select', name: 'request_type', label: t('filters.requestType'), options: requestTypeOptions(t), multiple: true },
  ];
}

/**
 * The Request Management filter bar (spec 001 §2.3, §5.8; default Pending): the staff set (no staff / division /
 * department search), or the full set. Built with the page's `t`, so a language switch renames the fields.
 */
export function requestFilters(t: RequestsT, staff: boolean): readonly FilterField[] {
  if (staff) return commonFields(t);
  return [
    ...commonFields(t),
    { kind: 'employee', name: 'employee', label: t('filters.staff'), multiple: true, valueField: 'id' },
    { kind: 'division', name: 'division', label: t('filters.division'), param: 'divisions' },
    { kind: 'department', name: 'department', label: t('filters.department'), divisionField: 'division', param: 'departments' },
  ];
}

/** Default: Pending (spec 000 §4). */
export const INITIAL_REQUEST_VALUES: FilterValues = { status: [REQUEST_STATUS.pending] };

export function initialRequestQuery(staff: boolean) {
  return toFilterQuery(requestFilters(requestsTexts.t, staff), INITIAL_REQUEST_VALUES);
}
