import { mutationOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@tms/contracts/api';
import {
  ATTENDANCE_DEVICES_PATH,
  deviceCommandsPath,
  deviceItemPath,
  type DeviceCommandCreate,
  type DeviceCommandRow,
  type DeviceCreate,
  type DeviceRow,
  type DeviceUpdate,
} from '@tms/contracts/attendance-devices';
import { apiGet, apiRequest, type Query } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { recordKeys, recordWriteEffects } from '../../../components/record-queries.ts';

/** Attendance Devices calls (contracts attendance-devices.ts, issue 13). */
export const deviceKeys = {
  ...recordKeys('attendance-devices'),
  commands: (id: number) => ['attendance-devices', 'commands', id] as const,
};

/** Last contact and today's counters change while the page is open (devices poll every few seconds). */
const REFRESH_MS = 30_000;

/** GET /tms/attendance-devices (paged; keyword, system, active), reloaded every 30 s. */
export function useDeviceList(filters: Query) {
  return usePagedList<DeviceRow>({ queryKey: deviceKeys.lists(), path: ATTENDANCE_DEVICES_PATH, filters, refetchInterval: REFRESH_MS });
}

/** POST /tms/attendance-devices: register by serial number (409 when it is taken). */
export function createDevice(body: DeviceCreate): Promise<Envelope<DeviceRow>> {
  return apiRequest<DeviceRow>('POST', ATTENDANCE_DEVICES_PATH, { body });
}

/** PUT /tms/attendance-devices/{id} (409 on a stale version); the message says updated, deactivated or activated. */
export function updateDevice({ id, ...body }: DeviceUpdate & { id: number }): Promise<Envelope<DeviceRow>> {
  return apiRequest<DeviceRow>('PUT', deviceItemPath(id), { body });
}

export function useCreateDevice() {
  return useMutation(mutationOptions({ mutationFn: createDevice, ...recordWriteEffects(deviceKeys.all, deviceKeys.all) }));
}

export function useUpdateDevice() {
  return useMutation(mutationOptions({ mutationFn: updateDevice, ...recordWriteEffects(deviceKeys.all, deviceKeys.all) }));
}

/** GET /tms/attendance-devices/{id}/commands: the latest commands, newest first. */
export function useDeviceCommands(id: number) {
  return useQuery({ queryKey: deviceKeys.commands(id), queryFn: ({ signal }) => apiGet<DeviceCommandRow[]>(deviceCommandsPath(id), undefined, { signal }) });
}

/** POST /tms/attendance-devices/{id}/commands (409 for an inactive device). */
export function queueCommand({ id, ...body }: DeviceCommandCreate & { id: number }): Promise<Envelope<DeviceCommandRow>> {
  return apiRequest<DeviceCommandRow>('POST', deviceCommandsPath(id), { body });
}

export function useQueueCommand() {
  return useMutation(mutationOptions({ mutationFn: queueCommand, ...recordWriteEffects(deviceKeys.all, deviceKeys.all) }));
}
