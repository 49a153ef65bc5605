import { useCallback } from 'react';
import { PROJECT_SEARCH_PAGE_SIZE, type ProjectOption } from '@tms/contracts/lookups';
import { commonTexts } from './i18n/index.ts';
import { fetchLookupPage, RemoteSelect, type RemoteFieldProps, type RemoteOption } from './remote-select.tsx';

/** A row of `GET /api/tms/filters/get-all-projects?key=&page=&size=` (spec 000 §3, contracts ProjectOption). */
export type ProjectLookup = ProjectOption;

export type ProjectSelectProps = RemoteFieldProps<ProjectLookup> & {
  /** Which project field is the value: `project_id` (default) or `project_code`; initialOptions use the same. */
  valueField?: 'project_id' | 'project_code';
};

export function projectLabel(p: Pick<ProjectLookup, 'project_code' | 'project_name'>): string {
  return `${p.project_code} - ${p.project_name}`;
}

/** Remote project search: 3+ characters, debounced 1000 ms, 40 per page (spec 000 §9). Keyword sent as `key`. */
export function ProjectSelect({ valueField = 'project_id', ...rest }: ProjectSelectProps) {
  const { t } = commonTexts.useT();
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
      placeholder={rest.placeholder ?? t('select.searchProject')}
    />
  );
}
