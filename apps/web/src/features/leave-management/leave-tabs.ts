import { BONUS_LEAVE_READERS } from '@tms/contracts/bonus-leave';
import { hasAnyRole, PRIVILEGED_ROLES, type Role } from '@tms/contracts/roles';

const LEADS_AND_PRIVILEGED = [...PRIVILEGED_ROLES, 'DULEAD', 'GROUP_LEAD'] as const satisfies readonly Role[];

type LeaveTabDef = {
  key: string;
  /** Spec 000 §2 "Leave management tabs": shown when the user holds one of these roles. */
  visibleTo: readonly Role[];
  /** Only built tabs are shown; a tab switches on by setting this and adding its content to the page. */
  built: boolean;
};

/**
 * The tabs of /leave-management/annual-leave in spec order (spec 000 §2), titled by the catalogue (`tabs.<key>`).
 * Project leave is its own route (/leave-management/project-leave), reached from the sub-menu.
 */
export const LEAVE_TABS = [
  { key: 'annual-leave-overview', visibleTo: LEADS_AND_PRIVILEGED, built: true },
  { key: 'bonus-leave', visibleTo: BONUS_LEAVE_READERS, built: true },
  { key: 'general-configuration', visibleTo: PRIVILEGED_ROLES, built: true },
  { key: 'leave-carryover', visibleTo: LEADS_AND_PRIVILEGED, built: true },
] as const satisfies readonly LeaveTabDef[];

export type LeaveTab = (typeof LEAVE_TABS)[number];
export type LeaveTabKey = LeaveTab['key'];
/** Keys of the built tabs: the page must give each one its content (checked by the type of its content table). */
export type BuiltLeaveTabKey = Extract<LeaveTab, { built: true }>['key'];
export type BuiltLeaveTab = Extract<LeaveTab, { built: true }>;

/** The built tabs the user's roles unlock, in spec order. */
export function visibleLeaveTabs(roles: readonly string[], tabs: readonly LeaveTab[] = LEAVE_TABS): BuiltLeaveTab[] {
  return tabs.filter((tab): tab is BuiltLeaveTab => tab.built && hasAnyRole(roles, tab.visibleTo));
}
