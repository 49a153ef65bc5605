import { useCallback, type CSSProperties } from 'react';
import { PROJECT_SEARCH_PAGE_SIZE, REMOTE_SEARCH_MIN_CHARS, type ProjectOption } from '@tms/contracts/lookups';
import { fetchLookupPage, RemoteSelect, type RemoteOption, type RemoteValue } from './remote-select.tsx';

/** A row of `GET /api/tms/filters/get-all-projects?key=&page=&size=` (spec 000 §3, contracts ProjectOption). */
export type ProjectLookup = ProjectOption;

export type ProjectSelectProps = {
  /** Chosen `project_id`(s) (default) or `project_code`(s) per `valueField`. */
  value?: RemoteValue | RemoteValue[] | null;
  onChange?: (value: RemoteValue | RemoteValue[] | undefined, options: RemoteOption<ProjectLookup> | RemoteOption<ProjectLookup>[] | undefined) => void;
  mode?: 'multiple';
  valueField?: 'project_id' | 'project_code';
  /** Labels for values chosen before any search: `{ value, label: 'code - name' }`. */
  initialOptions?: RemoteOption<ProjectLookup>[];
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
  'aria-label'?: string;
};

export function projectLabel(p: Pick<ProjectLookup, 'project_code' | 'project_name'>): string {
  return `${p.project_code} - ${p.project_name}`;
}

/** Remote project search: 3+ characters, debounced 1000 ms, 40 per page (spec 000 §9). Keyword sent as `key`. */
export function ProjectSelect({ valueField = 'project_id', ...rest }: ProjectSelectProps) {
  const fetchPage = useCallback(
    (keyword: string, page: number, size: number, signal: AbortSignal) =>
      fetchLookupPage<ProjectLookup>('/tms/filters/get-all-projects', { key: keyword }, page, size, signal),
    [],
  );
  const toOption = useCallback(
    (p: ProjectLookup): RemoteOption<ProjectLookup> => ({ value: valueField === 'project_code' ? p.project_code : p.project_id, label: projectLabel(p), item: p }),
    [valueField],
  );
  return (
    <RemoteSelect<ProjectLookup>
      {...rest}
      cacheKey={['project', valueField]}
      fetchPage={fetchPage}
      toOption={toOption}
      pageSize={PROJECT_SEARCH_PAGE_SIZE}
      minChars={REMOTE_SEARCH_MIN_CHARS}
      placeholder={rest.placeholder ?? 'Search project'}
    />
  );
}
