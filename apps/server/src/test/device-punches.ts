import { expect } from 'vitest';
import { DEVICE_KEYS_PATH, PUNCHES_PATH } from '@tms/contracts/punches';
import type { TestApp } from './harness.ts';
import type { Json } from './json-body.ts';

/** 'YYYY-MM-DD' and 'HH:mm' in the company zone (Asia/Ho_Chi_Minh) → an ISO instant the device API takes. */
export const localInstant = (date: string, clock: string) => `${date}T${clock}:00+07:00`;

/**
 * A SPEEDGATE device key made by the admin, and a sender of punches (an account, ISO instants) through the device API
 * (`POST /api/tms/check-in-out/punches`): the write queues the recalculation and the call answers once it is drained.
 */
export async function speedgatePunches(t: TestApp): Promise<(account: string, ...instants: string[]) => Promise<void>> {
  const key = await t.app.inject({ method: 'POST', url: `/api${DEVICE_KEYS_PATH}`, headers: await t.as('admin'), payload: { system: 'SPEEDGATE', description: 'Gate' } });
  const deviceKey = (key.json() as Json).data.key as string;
  return async (account, ...instants) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${PUNCHES_PATH}`,
      headers: { 'x-device-key': deviceKey },
      payload: { punches: instants.map((timestamp) => ({ system: 'SPEEDGATE', attendance_check_id: account, timestamp })) },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
}
