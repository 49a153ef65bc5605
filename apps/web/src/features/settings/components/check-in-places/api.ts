import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryEntry } from '../../../../components/history-viewer.tsx';
import { CHECK_IN_PLACES_PATH, KIOSKS_PATH, type CheckInPlace, type Kiosk, type KioskCreateBody, type PlaceCreateBody } from '@tms/contracts/self-check-in';
import { apiGet, apiRequest } from '../../../../lib/api-client.ts';

/** Settings → Check-in places (Admin, HR) and Kiosks (Admin), issue 28. */
export const placesKeys = {
  all: ['check-in-places'] as const,
  history: (id: number) => ['check-in-places', 'history', id] as const,
  kiosks: ['kiosks'] as const,
};

export function usePlaces(enabled = true, silent = false) {
  return useQuery({ queryKey: placesKeys.all, queryFn: ({ signal }) => apiGet<CheckInPlace[]>(CHECK_IN_PLACES_PATH, undefined, { signal }), enabled, meta: { silent } });
}

export function usePlaceHistory(id: number) {
  return useQuery({ queryKey: placesKeys.history(id), queryFn: ({ signal }) => apiGet<HistoryEntry[]>(`${CHECK_IN_PLACES_PATH}/${id}/history`, undefined, { signal }) });
}

export function useSavePlace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PlaceCreateBody & { version?: number } }) =>
      id === null ? apiRequest<CheckInPlace>('POST', CHECK_IN_PLACES_PATH, { body }) : apiRequest<CheckInPlace>('PUT', `${CHECK_IN_PLACES_PATH}/${id}`, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: placesKeys.all }),
  });
}

export function useKiosks() {
  return useQuery({ queryKey: placesKeys.kiosks, queryFn: ({ signal }) => apiGet<Kiosk[]>(KIOSKS_PATH, undefined, { signal }) });
}

export function useCreateKiosk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: KioskCreateBody) => apiRequest<Kiosk & { token: string }>('POST', KIOSKS_PATH, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: placesKeys.kiosks }),
  });
}

export function useRevokeKiosk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Kiosk>('POST', `${KIOSKS_PATH}/${id}/revoke`),
    onSettled: () => client.invalidateQueries({ queryKey: placesKeys.kiosks }),
  });
}
