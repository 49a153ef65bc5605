import { expect, type Page } from '@playwright/test';
import { apiGet, apiSend } from './helpers.ts';

/**
 * Set-up of the self check-in journeys (issue 28) through the API, as HR: a check-in place and the self check-in mode
 * on a person's policy in force (a staff policy, else their department's), each undone afterwards.
 */
export type Place = { id: number; name: string; version: number; latitude: number; longitude: number; radius_m: number; address: string | null; network_ranges: string[] };

export async function createPlace(hr: Page, name: string, at: { latitude: number; longitude: number }, radius_m = 100): Promise<Place> {
  const created = await apiSend<Place>(hr, 'POST', '/tms/check-in-places', { name, ...at, radius_m });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data;
}

export async function deactivatePlace(hr: Page, id: number) {
  const places = (await apiGet<Place[]>(hr, '/tms/check-in-places')).data;
  const p = places.find((x) => x.id === id);
  if (!p) return;
  await apiSend(hr, 'PUT', `/tms/check-in-places/${id}`, { name: p.name, address: p.address, latitude: p.latitude, longitude: p.longitude, radius_m: p.radius_m, network_ranges: p.network_ranges, active: false, version: p.version });
}

type PolicyRow = {
  id: number;
  source: 'staff' | 'department';
  version: number | null;
  work_schedule_code: string | null;
  rule_type: string | null;
  explanation_number: number | null;
  refund_hours_per_explanation: number | null;
  explanation_time_per_days: number | null;
  lack_of_time_allowed: number | null;
  ot_type: string | null;
  url_policy: string | null;
  apply_date: string | null;
  expire_date: string | null;
  self_check_in_mode?: string;
  self_check_in_place_ids?: number[];
};

async function policyOf(hr: Page, employeeId: number): Promise<PolicyRow> {
  const rows = (await apiGet<{ employee_id: number; policy: PolicyRow | null }[]>(hr, '/tms/job-info-history', { staff: employeeId, size: 10 })).data;
  const policy = rows.find((r) => r.employee_id === employeeId)?.policy;
  expect(policy, `a policy in force for employee ${employeeId}`).toBeTruthy();
  return policy!;
}

async function writeMode(hr: Page, policy: PolicyRow, mode: string, placeIds: number[]) {
  const path = policy.source === 'staff' ? '/tms/job-info-history/edit-policy' : '/tms/department-policy/edit-policy';
  const body = {
    id: policy.id,
    version: policy.version,
    work_schedule_code: policy.work_schedule_code,
    rule_type: policy.rule_type,
    explanation_number: policy.explanation_number,
    refund_hours_per_explanation: policy.refund_hours_per_explanation,
    explanation_time_per_days: policy.explanation_time_per_days,
    lack_of_time_allowed: policy.lack_of_time_allowed,
    ot_type: policy.ot_type,
    url_policy: policy.url_policy,
    apply_date: policy.apply_date?.slice(0, 10),
    expire_date: policy.expire_date?.slice(0, 10),
    self_check_in_mode: mode,
    self_check_in_place_ids: mode === 'LISTED_PLACES' ? placeIds : [],
  };
  const saved = await apiSend(hr, 'PUT', path, body);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** Allows `username` to self check in at `placeIds`; answers the undo (the mode and places as they were). */
export async function allowSelfCheckIn(hr: Page, username: string, placeIds: number[]): Promise<() => Promise<void>> {
  const employeeId = (await apiGet<{ employeeId: number }>(hr, '/tms/user/detail', { username })).data.employeeId;
  const before = await policyOf(hr, employeeId);
  await writeMode(hr, before, 'LISTED_PLACES', placeIds);
  return async () => {
    const now = await policyOf(hr, employeeId);
    await writeMode(hr, now, before.self_check_in_mode ?? 'OFF', before.self_check_in_place_ids ?? []);
  };
}
