import { mutationOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import { DEVICE_KEYS_PATH, type DeviceKeyCreate, type DeviceKeyCreated, type DeviceKeyRow } from '@tms/contracts/punches';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

/** Device keys of the JSON punch API (contracts punches.ts, RULES.md §4). */
export const deviceKeyKeys = { all: ['device-keys'] as const };

/** GET /tms/check-in-out/device-keys: every key, never the key itself. */
export function useDeviceKeyList() {
  return useQuery({ queryKey: deviceKeyKeys.all, queryFn: ({ signal }) => apiGet<DeviceKeyRow[]>(DEVICE_KEYS_PATH, undefined, { signal }) });
}

/** POST /tms/check-in-out/device-keys: the only answer that carries the key. */
export function createDeviceKey(body: DeviceKeyCreate): Promise<Envelope<DeviceKeyCreated>> {
  return apiRequest<DeviceKeyCreated>('POST', DEVICE_KEYS_PATH, { body });
}

/** DELETE /tms/check-in-out/device-keys/{id}: deactivates for good. */
export function deactivateDeviceKey(id: number): Promise<Envelope<{ id: number }>> {
  return apiRequest<{ id: number }>('DELETE', `${DEVICE_KEYS_PATH}/${id}`);
}

const invalidate = { onSettled: (_d: unknown, _e: unknown, _v: unknown, _r: unknown, { client }: { client: QueryClient }) => client.invalidateQueries({ queryKey: deviceKeyKeys.all }) };

export function useCreateDeviceKey() {
  return useMutation(mutationOptions({ mutationFn: createDeviceKey, ...invalidate }));
}

export function useDeactivateDeviceKey() {
  return useMutation(mutationOptions({ mutationFn: deactivateDeviceKey, ...invalidate }));
}
