import { useCallback } from 'react';
import type { AssigneeCandidate } from '@tms/contracts/reassign';
import { RemoteSelect, type RemoteFieldProps, type RemoteOption } from '../../../components/remote-select.tsx';
import { candidateLabel } from '../../../lib/assignee-candidates.ts';
import { searchUsers } from '../api/search-users.ts';

/** The named user of a USER step: a remote search of enabled users (3 characters or more), the value their user id. */
export function UserStepSelect(props: RemoteFieldProps<AssigneeCandidate>) {
  const fetchPage = useCallback((keyword: string, _page: number, _size: number, signal: AbortSignal) => searchUsers(keyword, signal), []);
  const toOption = useCallback((c: AssigneeCandidate): RemoteOption<AssigneeCandidate> => ({ value: c.id, label: candidateLabel(c), item: c }), []);
  return <RemoteSelect<AssigneeCandidate> {...props} cacheKey={['approval-flow-users']} fetchPage={fetchPage} toOption={toOption} pageSize={20} allowClear={false} />;
}
