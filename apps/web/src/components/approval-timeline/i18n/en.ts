import { APPROVER_RULE_LABELS as R } from '@tms/contracts/approval-flows';
import { ROLE_NAMES } from '@tms/contracts/roles';

/** Issue 29: the Approval section of a request's or an explanation's detail (its flow's steps), English, the source. */
export const en = {
  approval: {
    title: 'Approval',
    /** Contracts `pendingStepText`, word for word. */
    pendingStep: 'Pending — step {{step}} of {{count}}',
    pendingStepOf: 'Pending — step {{step}} of {{count}} ({{approver}})',
    flow: 'Flow: {{name}}',
    autoApproved: 'Approved automatically by the flow "{{name}}"',
    step: 'Step {{n}} of {{count}}: {{rule}}',
    approver: 'Approver',
    nobody: 'No approver found',
    decisions: {
      WAITING: 'Waiting',
      CURRENT: 'Current — waiting for {{name}}',
      APPROVED: 'Approved by {{name}} at {{at}}',
      REJECTED: 'Rejected by {{name}} at {{at}}',
      CLOSED: 'Not reached',
    },
    comment: 'Comment: {{text}}',
    loadFailed: 'The approval steps could not be loaded',
    rules: { GROUP_LEAD: R.GROUP_LEAD, DIVISION_LEAD: R.DIVISION_LEAD, PM: R.PM, HRM: R.HRM, USER: R.USER, ROLE: R.ROLE },
    /** A ROLE step's approver: anyone of the role (the first to act decides). */
    anyoneOf: 'Anyone: {{role}}',
    poolRoles: { HR: ROLE_NAMES.HR, HRM: ROLE_NAMES.HRM, ADMIN: ROLE_NAMES.ADMIN },
  },
};
