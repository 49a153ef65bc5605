import { useCallback, type CSSProperties } from 'react';
import { EMPLOYEE_SEARCH_PAGE_SIZE, REMOTE_SEARCH_MIN_CHARS, type EmployeeOption } from '@tms/contracts/lookups';
import type { Query } from '../lib/api-client.ts';
import { fetchLookupPage, RemoteSelect, type RemoteOption, type RemoteValue } from './remote-select.tsx';

/** A row of `GET /api/tms/filters/employee?filter=&page=&size=` (spec 000 §3, contracts EmployeeOption). */
export type EmployeeLookup = EmployeeOption;

export type EmployeeSelectProps = {
  /** Chosen employee `user_name`(s) (default) or `id`(s) per `valueField`. */
  value?: RemoteValue | RemoteValue[] | null;
  onChange?: (value: RemoteValue | RemoteValue[] | undefined, options: RemoteOption<EmployeeLookup> | RemoteOption<EmployeeLookup>[] | undefined) => void;
  /** 'multiple' for a multi-select; single otherwise. */
  mode?: 'multiple';
  /** Which employee field is the value; default 'user_name'. */
  valueField?: 'user_name' | 'id';
  /** Search endpoint; default '/tms/filters/employee' (keyword in `filter`, plus `page`, `size`). */
  path?: string;
  /** Extra query parameters of the search (e.g. `{ projectId }` for get-all-employee-by-project). */
  extraQuery?: Query;
  /** Rows per page; default 30. */
  pageSize?: number;
  /** Labels for values chosen before any search (edit forms): `{ value, label: 'name - user_name' }`. */
  initialOptions?: RemoteOption<EmployeeLookup>[];
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  /** Set by Form.Item so the label points at the input. */
  id?: string;
  'data-testid'?: string;
  'aria-label'?: string;
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
      minChars={REMOTE_SEARCH_MIN_CHARS}
      placeholder={rest.placeholder ?? 'Search staff'}
    />
  );
}
