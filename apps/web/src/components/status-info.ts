import { commonTexts } from './i18n/index.ts';

/**
 * Status numbers and their labels per list (RULES.md §4, §5; spec 000 §4 notes the lists disagree, so each list
 * names its kind). The labels are in the catalogue (`status.<kind>.<number>`), in the reader's language.
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

/** The tone of each known status number, per list; its label is `status.<kind>.<number>` in the catalogue. */
export const STATUS_INFO: Record<StatusKind, Record<number, { color: StatusTone }>> = {
  // Leave, explanation and work-outside requests (RULES.md §5); Expired (10) for a pending request on a locked date.
  request: {
    1: { color: PENDING },
    3: { color: APPROVED },
    4: { color: REJECTED },
    5: { color: CLOSED },
    // An explanation row handed to another assignee (spec 001 §4.4).
    6: { color: 'blue' },
    10: { color: CLOSED },
  },
  // RULES.md §4 timesheet status.
  timesheet: {
    0: { color: CLOSED },
    1: { color: REJECTED },
    2: { color: 'orange' },
    3: { color: PENDING },
    4: { color: APPROVED },
  },
  abnormal: {
    0: { color: 'volcano' },
    1: { color: PENDING },
    3: { color: APPROVED },
    4: { color: REJECTED },
  },
  explanation: {
    1: { color: PENDING },
    3: { color: APPROVED },
    4: { color: REJECTED },
    5: { color: CLOSED },
    6: { color: 'blue' },
  },
  // RULES.md §6 flexible OT status index.
  'flexible-ot': {
    0: { color: PENDING },
    1: { color: 'cyan' },
    2: { color: REJECTED },
    3: { color: 'blue' },
    4: { color: REJECTED },
    5: { color: APPROVED },
    6: { color: CLOSED },
    7: { color: CLOSED },
  },
};

type CommonKey = Parameters<typeof commonTexts.t>[0];

/**
 * Label and colour of a status number in a list kind; the number itself when unknown. `t` is the caller's (a
 * component's `useT()`, so a language switch re-renders the label); by default the language at call time.
 */
export function statusInfo(kind: StatusKind, status: number | string | null | undefined, t: (key: CommonKey) => string = commonTexts.t): StatusInfo {
  const code = status === null || status === undefined ? undefined : Number(status);
  const known = code === undefined ? undefined : STATUS_INFO[kind][code];
  if (!known) return { label: status === null || status === undefined ? '' : String(status), color: CLOSED };
  return { label: t(`status.${kind}.${code}` as CommonKey), color: known.color };
}
