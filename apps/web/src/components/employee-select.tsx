import { useCallback } from 'react';
import { EMPLOYEE_SEARCH_PAGE_SIZE, type EmployeeOption } from '@tms/contracts/lookups';
import type { Query } from '../lib/api-client.ts';
import { commonTexts } from './i18n/index.ts';
import { fetchLookupPage, RemoteSelect, type RemoteFieldProps, type RemoteOption } from './remote-select.tsx';

/** A row of `GET /api/tms/filters/employee?filter=&page=&size=` (spec 000 §3, contracts EmployeeOption). */
export type EmployeeLookup = EmployeeOption;

export type EmployeeSelectProps = RemoteFieldProps<EmployeeLookup> & {
  /** Which employee field is the value (`user_name`, the default, or `id`); initialOptions use the same. */
  valueField?: 'user_name' | 'id';
  /** Search endpoint; default '/tms/filters/employee' (keyword in `filter`, plus `page`, `size`). */
  path?: string;
  /** Extra query parameters of the search (e.g. `{ projectId }` for get-all-employee-by-project). */
  extraQuery?: Query;
  /** Rows per page; default 30. */
  pageSize?: number;
};

/** The option label of an employee: 'name - user_name' (spec 000 §2 Shared components). */
export function employeeLabel(e: Pick<EmployeeLookup, 'name' | 'user_name'>): string {
  return `${e.name} - ${e.user_name}`;
}

/**
 * Remote staff search: starts at 3 characters, debounced 1000 ms, 30 per page, next page 1 s after scrolling to
 * the end (spec 000 §9). Works as a Form control (value/onChange).
 */
export function EmployeeSelect({ valueField = 'user_name', path = '/tms/filters/employee', extraQuery, pageSize = EMPLOYEE_SEARCH_PAGE_SIZE, ...rest }: EmployeeSelectProps) {
  const { t } = commonTexts.useT();
  const fetchPage = useCallback(
    (keyword: string, page: number, size: number, signal: AbortSignal) =>
      fetchLookupPage<EmployeeLookup>(path, { ...extraQuery, filter: keyword }, page, size, signal),
    [path, extraQuery],
  );
  const toOption = useCallback(
    (e: EmployeeLookup): RemoteOption<EmployeeLookup> => ({ value: valueField === 'id' ? e.id : e.user_name, label: employeeLabel(e), item: e }),
    [valueField],
  );
  return (
    <RemoteSelect<EmployeeLookup>
      {...rest}
      cacheKey={['employee', path, valueField, extraQuery ?? null]}
      fetchPage={fetchPage}
      toOption={toOption}
      pageSize={pageSize}
      placeholder={rest.placeholder ?? t('select.searchStaff')}
    />
  );
}
