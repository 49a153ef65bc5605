import { DELEGATION_MESSAGES as M, sameRange, staffListProblem, type MemberCandidate, type StaffRange, type StaffRangeInput } from '@tms/contracts/delegation';

/** One date range of the wizard's step 2 with the members picked for it (spec 001 §2.9). */
export type WizardRange = { key: string; from: string; to: string; members: MemberCandidate[] };

export const rangeKey = (from: string, to: string) => `${from}_${to}`;

/**
 * Adds a range (spec 001 §5.7): both dates needed ("Please select date range first!"), a duplicate gives "Item has
 * already existed". Answers the new list and the new range's key, or the message.
 */
export function addRange(ranges: readonly WizardRange[], from: string | null, to: string | null): { ranges: WizardRange[]; key: string } | { error: string } {
  if (!from || !to) return { error: M.dateRangeFirst };
  if (from > to) return { error: M.rangeOrder };
  if (ranges.some((r) => sameRange(r, { from, to }))) return { error: M.alreadyExisted };
  const key = rangeKey(from, to);
  return { ranges: [...ranges, { key, from, to, members: [] }].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to)), key };
}

export const removeRange = (ranges: readonly WizardRange[], key: string) => ranges.filter((r) => r.key !== key);

export const setMembers = (ranges: readonly WizardRange[], key: string, members: MemberCandidate[]) => ranges.map((r) => (r.key === key ? { ...r, members } : r));

/** The delegator is never a member (spec 001 §2.9 "The delegator is removed from the member lists"). */
export const withoutDelegator = (members: readonly MemberCandidate[], delegatorId: number | null) => members.filter((m) => m.id !== delegatorId);

/** The request's `staff_list` (one item per member and range). */
export const toStaffList = (ranges: readonly WizardRange[]): StaffRangeInput[] =>
  ranges.flatMap((r) => r.members.map((m) => ({ staff_id: m.id, from_date: r.from, to_date: r.to })));

/** Complete is enabled once at least one member is picked (spec 001 §2.9). */
export const canComplete = (ranges: readonly WizardRange[]) => ranges.some((r) => r.members.length > 0);

/** The first rule the list breaks (the server checks the same rule), or null. */
export const wizardProblem = (ranges: readonly WizardRange[], delegatorId: number | null) => staffListProblem(toStaffList(ranges), delegatorId);

/** An existing delegation's members grouped back into ranges (edit opens at step 2). */
export function rangesOf(staffList: readonly StaffRange[]): WizardRange[] {
  const byKey = new Map<string, WizardRange>();
  for (const s of staffList) {
    const key = rangeKey(s.from_date, s.to_date);
    const range = byKey.get(key) ?? { key, from: s.from_date, to: s.to_date, members: [] };
    range.members.push({ id: s.staff_id, name: s.staff_info.name, user_name: s.staff_info.user_name, department_name: s.staff_info.department });
    byKey.set(key, range);
  }
  return [...byKey.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}
