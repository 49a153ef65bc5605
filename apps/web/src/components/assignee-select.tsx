import { useCallback } from 'react';
import type { AssigneeCandidate } from '@tms/contracts/reassign';
import { candidateLabel, fetchAssigneeCandidates, type AssigneeItem } from '../lib/assignee-candidates.ts';
import { commonTexts } from './i18n/index.ts';
import { RemoteSelect, type RemoteFieldProps, type RemoteOption } from './remote-select.tsx';

/**
 * The approver picker of Delegate / Change assignee: only the people the server lets the signed-in user hand `item` to
 * (a short list, shown on opening; typing narrows it). The value is the user id.
 */
export function AssigneeSelect({ item, ...props }: RemoteFieldProps<AssigneeCandidate> & { item: AssigneeItem }) {
  const { t } = commonTexts.useT();
  // The item by its ids, so a new object for the same item neither refetches nor changes the cache key.
  const overtimeId = 'overtimeId' in item ? item.overtimeId : null;
  const requestId = 'requestId' in item ? item.requestId : null;
  const key = overtimeId !== null ? `ot-${overtimeId}` : `request-${requestId}`;
  const fetchPage = useCallback(
    async (keyword: string, _page: number, _size: number, signal: AbortSignal) => {
      const which: AssigneeItem = overtimeId !== null ? { overtimeId } : { requestId: requestId ?? 0 };
      return { items: await fetchAssigneeCandidates(which, keyword, signal), hasMore: false };
    },
    [overtimeId, requestId],
  );
  const toOption = useCallback((c: AssigneeCandidate): RemoteOption<AssigneeCandidate> => ({ value: c.id, label: candidateLabel(c), item: c }), []);
  return (
    <RemoteSelect<AssigneeCandidate>
      {...props}
      cacheKey={['assignee-candidates', key]}
      fetchPage={fetchPage}
      toOption={toOption}
      pageSize={50}
      minChars={0}
      debounceMs={500}
      placeholder={props.placeholder ?? t('select.searchApprover')}
    />
  );
}
