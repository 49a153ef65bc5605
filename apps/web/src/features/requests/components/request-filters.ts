import { REQUEST_FILTER_STATUSES } from '@tms/contracts/request-list';
import { REQUEST_STATUS, REQUEST_TYPES } from '@tms/contracts/requests';
import type { LinkedEmployee } from '../../../components/requests/request-links.ts';
import { toFilterQuery, type FilterField, type FilterQuery, type FilterValues } from '../../../components/filter-query.ts';
import { requestsTexts } from '../i18n/index.ts';

type RequestsT = typeof requestsTexts.t;

/** The status filter (spec 000 §4 status list without type 0): the statuses the list filters on. */
export const requestStatusOptions = (t: RequestsT) => REQUEST_FILTER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }));

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
export function requestFilters(t: RequestsT, staff: boolean, linked?: LinkedEmployee | null): readonly FilterField[] {
  if (staff) return commonFields(t);
  return [
    ...commonFields(t),
    { kind: 'employee', name: 'employee', label: t('filters.staff'), multiple: true, valueField: 'id', initialOptions: linked ? [{ value: linked.id, label: linked.label }] : undefined },
    { kind: 'division', name: 'division', label: t('filters.division'), param: 'divisions' },
    { kind: 'department', name: 'department', label: t('filters.department'), divisionField: 'division', param: 'departments' },
  ];
}

/** Default: Pending (spec 000 §4). */
export const INITIAL_REQUEST_VALUES: FilterValues = { status: [REQUEST_STATUS.pending] };

/** The person of such a link, or null (also for staff, whose filter set has no Staff field: they see their own). */
export function linkedEmployeeOf(params: URLSearchParams, staff: boolean): LinkedEmployee | null {
  const id = Number(params.get('employee'));
  if (staff || !Number.isInteger(id) || id <= 0) return null;
  return { id, label: params.get('employee_name') || String(id) };
}

/** The filter values the page opens with: Pending, or a linked person's requests of every status. */
export function initialRequestValues(linked: LinkedEmployee | null): FilterValues {
  return linked ? { employee: [linked.id] } : INITIAL_REQUEST_VALUES;
}

export function initialRequestQuery(staff: boolean, linked: LinkedEmployee | null = null) {
  return requestListQuery(toFilterQuery(requestFilters(requestsTexts.t, staff, linked), initialRequestValues(linked)));
}

/**
 * The list's query as the server reads it: an emptied Status filter means every status. The server answers Pending
 * when `status` is absent (the spec's default, docs/requests.md), so the emptied filter is sent as the full list
 * of statuses rather than left out.
 */
export function requestListQuery(query: FilterQuery): FilterQuery {
  return query.status ? query : { ...query, status: REQUEST_FILTER_STATUSES.join(',') };
}
