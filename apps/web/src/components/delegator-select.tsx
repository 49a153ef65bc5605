import { RemoteSelect, type RemoteFieldProps } from './remote-select.tsx';
import { DELEGATOR_CACHE_KEY, DELEGATOR_PAGE_SIZE, fetchDelegatorPage, toDelegatorOption, type DelegatorOption } from '../lib/delegators.ts';

/**
 * Search of the people an explanation can be handed to (choose-delegator-to-delegate, 3 characters, debounced 1 s):
 * the Abnormal Case "Delegate" approver and the Explanation Detail "Assignee". The value is the user id.
 */
export function DelegatorSelect(props: RemoteFieldProps<DelegatorOption>) {
  return (
    <RemoteSelect<DelegatorOption>
      {...props}
      cacheKey={DELEGATOR_CACHE_KEY}
      fetchPage={fetchDelegatorPage}
      toOption={toDelegatorOption}
      pageSize={DELEGATOR_PAGE_SIZE}
      placeholder={props.placeholder ?? 'Search staff'}
    />
  );
}
