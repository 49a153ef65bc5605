/**
 * Status numbers and their labels per list (RULES.md §4, §5; spec 000 §4 notes the lists disagree, so each list
 * names its kind).
 */
export type StatusKind = 'request' | 'timesheet' | 'abnormal' | 'explanation' | 'flexible-ot';
export type StatusInfo = { label: string; color: StatusTone };

/**
 * The tones of a status tag: dark text on a light background, each pair at least 4.5:1 (WCAG AA, axe
 * color-contrast; status-info.test.ts checks it). antd's preset Tag colours fall under it (green 3.4:1, volcano 4.4:1).
 */
export const STATUS_TONES = {
  default: { color: '#262626', background: '#fafafa', border: '#d9d9d9' },
  gold: { color: '#874d00', background: '#fffbe6', border: '#ffe58f' },
  green: { color: '#237804', background: '#f6ffed', border: '#b7eb8f' },
  red: { color: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
  volcano: { color: '#ad2102', background: '#fff2e8', border: '#ffbb96' },
  orange: { color: '#ad4e00', background: '#fff7e6', border: '#ffd591' },
  blue: { color: '#0958d9', background: '#e6f4ff', border: '#91caff' },
  cyan: { color: '#006d75', background: '#e6fffb', border: '#87e8de' },
} as const;
export type StatusTone = keyof typeof STATUS_TONES;

const PENDING: StatusTone = 'gold';
const APPROVED: StatusTone = 'green';
const REJECTED: StatusTone = 'red';
const CLOSED: StatusTone = 'default';

export const STATUS_INFO: Record<StatusKind, Record<number, StatusInfo>> = {
  // Leave, explanation and work-outside requests (RULES.md §5); Expired (10) for a pending request on a locked date.
  request: {
    1: { label: 'Pending', color: PENDING },
    3: { label: 'Approved', color: APPROVED },
    4: { label: 'Rejected', color: REJECTED },
    5: { label: 'Cancelled', color: CLOSED },
    // An explanation row handed to another assignee (spec 001 §4.4).
    6: { label: 'Delegated', color: 'blue' },
    10: { label: 'Expired', color: CLOSED },
  },
  // RULES.md §4 timesheet status.
  timesheet: {
    0: { label: 'Draft', color: CLOSED },
    1: { label: 'Rejected', color: REJECTED },
    2: { label: 'Pending update', color: 'orange' },
    3: { label: 'Pending approval', color: PENDING },
    4: { label: 'Approved', color: APPROVED },
  },
  abnormal: {
    0: { label: 'Unexplained', color: 'volcano' },
    1: { label: 'Pending approval', color: PENDING },
    3: { label: 'Approved', color: APPROVED },
    4: { label: 'Rejected', color: REJECTED },
  },
  explanation: {
    1: { label: 'Pending', color: PENDING },
    3: { label: 'Approved', color: APPROVED },
    4: { label: 'Rejected', color: REJECTED },
    5: { label: 'Cancelled', color: CLOSED },
    6: { label: 'Delegated', color: 'blue' },
  },
  // RULES.md §6 flexible OT status index.
  'flexible-ot': {
    0: { label: 'Pending PM approval', color: PENDING },
    1: { label: 'Approved by PM', color: 'cyan' },
    2: { label: 'Rejected by PM', color: REJECTED },
    3: { label: 'Confirmed', color: 'blue' },
    4: { label: 'Rejected by manager', color: REJECTED },
    5: { label: 'Approved', color: APPROVED },
    6: { label: 'Cancelled', color: CLOSED },
    7: { label: 'Expired', color: CLOSED },
  },
};

/** Label and colour of a status number in a list kind; the number itself when unknown. */
export function statusInfo(kind: StatusKind, status: number | string | null | undefined): StatusInfo {
  const known = status === null || status === undefined ? undefined : STATUS_INFO[kind][Number(status)];
  return known ?? { label: status === null || status === undefined ? '' : String(status), color: CLOSED };
}
