import { REQUEST_STATUS, REQUEST_TYPE_NAMES, REQUEST_TYPES } from '@tms/contracts/requests';
import { toFilterQuery, type FilterField, type FilterValues } from '../../../components/filter-query.ts';

/**
 * The Request Management filter bar (spec 001 §2.3, §5.8; spec 000 §4 status list without type 0, default Pending).
 * Staff get their own set (no staff / division / department search).
 */
export const REQUEST_STATUS_OPTIONS = [
  { value: REQUEST_STATUS.pending, label: 'Pending' },
  { value: REQUEST_STATUS.approved, label: 'Approved' },
  { value: REQUEST_STATUS.rejected, label: 'Rejected' },
  { value: REQUEST_STATUS.withdrawn, label: 'Cancelled' },
  { value: REQUEST_STATUS.expired, label: 'Expired' },
];

export const REQUEST_TYPE_OPTIONS = REQUEST_TYPES.map((value) => ({ value, label: REQUEST_TYPE_NAMES[value] }));

const COMMON: FilterField[] = [
  { kind: 'dateRange', name: 'date', label: 'Request date', fromParam: 'from_date', toParam: 'to_date', format: 'YYYY-MM-DD' },
  { kind: 'select', name: 'status', label: 'Status', options: REQUEST_STATUS_OPTIONS, multiple: true },
  { kind: 'select', name: 'request_type', label: 'Request type', options: REQUEST_TYPE_OPTIONS, multiple: true },
];

export const STAFF_REQUEST_FILTERS: readonly FilterField[] = COMMON;

export const REQUEST_FILTERS: readonly FilterField[] = [
  ...COMMON,
  { kind: 'employee', name: 'employee', label: 'Staff', multiple: true, valueField: 'id' },
  { kind: 'division', name: 'division', label: 'Division', param: 'divisions' },
  { kind: 'department', name: 'department', label: 'Department', divisionField: 'division', param: 'departments' },
];

/** Default: Pending (spec 000 §4). */
export const INITIAL_REQUEST_VALUES: FilterValues = { status: [REQUEST_STATUS.pending] };

export function initialRequestQuery(staff: boolean) {
  return toFilterQuery(staff ? STAFF_REQUEST_FILTERS : REQUEST_FILTERS, INITIAL_REQUEST_VALUES);
}
