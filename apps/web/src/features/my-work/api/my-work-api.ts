import { queryOptions, useQuery } from '@tanstack/react-query';
import { MY_WORK_PATHS, type MyBalances, type MyRequest, type MyToday, type PeriodState, type ToDoItem, type Waiting } from '@tms/contracts/my-work';
import { apiGet } from '../../../lib/api-client.ts';
import { myWorkKeys } from './waiting-count.ts';

export { myWorkKeys };

/** One query per block (issue 26 §2): each block loads, fails and shows its empty state on its own. */
function blockQuery<T>(name: keyof typeof MY_WORK_PATHS) {
  return queryOptions({
    queryKey: myWorkKeys.block(name),
    queryFn: ({ signal }) => apiGet<T>(MY_WORK_PATHS[name], undefined, { signal }),
    refetchOnWindowFocus: true,
  });
}

export const useWaiting = (enabled: boolean) => useQuery({ ...blockQuery<Waiting>('waiting'), enabled });
export const useBalances = () => useQuery(blockQuery<MyBalances | null>('balances'));
export const useToday = () => useQuery(blockQuery<MyToday>('today'));
export const useMyRequests = () => useQuery(blockQuery<MyRequest[]>('myRequests'));
export const useToDo = () => useQuery(blockQuery<ToDoItem[]>('toDo'));
export const usePeriodState = (enabled: boolean) => useQuery({ ...blockQuery<PeriodState>('periodState'), enabled });
