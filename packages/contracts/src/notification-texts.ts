import { DEFAULT_LANGUAGE, isLanguage, type Language } from './language.ts';
import { ONSITE_STAGES } from './onsite.ts';
import { PAYROLL_CONFIG_MESSAGES } from './overtime-pay.ts';
import { TIMESHEET_CALC_MESSAGES } from './timesheet-calc.ts';
import { TIMESHEET_REVIEW_MESSAGES, TIMESHEET_STATUS_NAMES, type TimesheetStatus } from './timesheet-review.ts';

/**
 * The texts of in-app notifications, in English and Vietnamese (issue 25, docs/glossary.md). A notification is stored
 * with its key and parameters and rendered when it is read, in the reader's language, so a user who switches language
 * reads their old notifications in the new one; its mail is rendered in each recipient's language. The English is the
 * text these notifications have always had (the spec's titles verbatim, imported from their tables); what a person
 * typed (a reason, a comment) is never translated and travels as the notification's body.
 */

/** A calendar date (YYYY-MM-DD) as both languages write it: DD/MM/YYYY (docs/glossary.md). */
export function textDate(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso;
}

const VI_NUMBER = new Map<number | undefined, Intl.NumberFormat>();

/**
 * A number in a text: English as JavaScript writes it (`4.5`, `toFixed` with `decimals`); Vietnamese with a decimal
 * comma and thousands grouped by a dot (`4,50`, `1.234`; docs/glossary.md).
 */
export function textNumber(language: Language, value: number, decimals?: number): string {
  if (language === 'en') return decimals === undefined ? String(value) : value.toFixed(decimals);
  let format = VI_NUMBER.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('vi-VN', decimals === undefined ? { maximumFractionDigits: 20 } : { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    VI_NUMBER.set(decimals, format);
  }
  return format.format(value);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type Decision = 'approved' | 'rejected';
const viDecision = (d: Decision) => (d === 'approved' ? 'đã được phê duyệt' : 'đã bị từ chối');
const viDecided = (d: Decision) => (d === 'approved' ? 'đã phê duyệt' : 'đã từ chối');

/** One text: its title and, when the text has one of its own, its body, each per language. */
type Text<P> = { title: Record<Language, (p: P) => string>; body?: Record<Language, (p: P) => string> };
const text = <P>(t: Text<P>): Text<P> => t;

type Item = { id: number; title: string };
type Period = { period: string; from: string; to: string; by: string };
const periodLabel = (p: Period) => `${p.period} (${textDate(p.from)} - ${textDate(p.to)})`;

/** Vietnamese names of the timesheet statuses (TIMESHEET_STATUS_NAMES). */
const TIMESHEET_STATUS_NAMES_VI: Record<TimesheetStatus, string> = {
  0: 'Nháp',
  1: 'Đã từ chối',
  2: 'Chờ cập nhật',
  3: 'Chờ duyệt',
  4: 'Đã duyệt',
};

const onsite = (p: Item) => `công tác (onsite) #${p.id} "${p.title}"`;
const overtime = (p: Item) => `làm thêm giờ (OT) #${p.id} "${p.title}"`;

export const NOTIFICATION_TEXTS = {
  // Requests (RULES.md §5, §8)
  requestAssigned: text<{ id: number; name: string }>({
    title: { en: (p) => `Request #${p.id} of ${p.name} is assigned to you`, vi: (p) => `Yêu cầu #${p.id} của ${p.name} được chuyển đến bạn để phê duyệt` },
  }),
  requestReassigned: text<{ id: number }>({
    title: { en: (p) => `Request #${p.id} is assigned to you`, vi: (p) => `Yêu cầu #${p.id} được chuyển đến bạn để phê duyệt` },
  }),
  /** Issue 29: a request in an approval flow reaches the next step's approver. */
  requestStepAssigned: text<{ id: number; name: string; step: number; count: number }>({
    title: {
      en: (p) => `Request #${p.id} of ${p.name} is waiting for you (step ${p.step} of ${p.count})`,
      vi: (p) => `Yêu cầu #${p.id} của ${p.name} đang chờ bạn phê duyệt (bước ${p.step}/${p.count})`,
    },
  }),
  requestDecided: text<{ id: number; decision: Decision }>({
    title: { en: (p) => `Your request #${p.id} was ${p.decision}`, vi: (p) => `Yêu cầu #${p.id} của bạn ${viDecision(p.decision)}` },
  }),

  // Explanations (spec 001 §4.3)
  explanationAssigned: text<{ name: string; date: string }>({
    title: {
      en: (p) => `Explanation of ${p.name} for ${textDate(p.date)} is assigned to you`,
      vi: (p) => `Giải trình của ${p.name} cho ngày ${textDate(p.date)} được chuyển đến bạn để phê duyệt`,
    },
  }),
  explanationDecided: text<{ date: string; decision: Decision }>({
    title: {
      en: (p) => `Your explanation for ${textDate(p.date)} was ${p.decision}`,
      vi: (p) => `Giải trình ngày ${textDate(p.date)} của bạn ${viDecision(p.decision)}`,
    },
  }),

  // Onsite (spec 002 §5)
  onsiteAssigned: text<Item & { name: string }>({
    title: {
      en: (p) => `Onsite request #${p.id} "${p.title}" of ${p.name} is assigned to you`,
      vi: (p) => `Yêu cầu ${onsite(p)} của ${p.name} được chuyển đến bạn để phê duyệt`,
    },
  }),
  onsiteReassigned: text<Item>({
    title: { en: (p) => `Onsite request #${p.id} "${p.title}" is assigned to you`, vi: (p) => `Yêu cầu ${onsite(p)} được chuyển đến bạn để phê duyệt` },
  }),
  onsiteDecided: text<Item & { stage: keyof typeof ONSITE_STAGES; decision: Decision }>({
    title: {
      en: (p) => `${ONSITE_STAGES[p.stage]} ${p.decision} your onsite request #${p.id} "${p.title}"`,
      vi: (p) => `${p.stage === 'cb' ? 'C&B' : 'Phòng ban'} ${viDecided(p.decision)} yêu cầu ${onsite(p)} của bạn`,
    },
  }),
  onsiteAwaitsCb: text<Item>({
    title: { en: (p) => `Onsite request #${p.id} "${p.title}" awaits the C&B decision`, vi: (p) => `Yêu cầu ${onsite(p)} đang chờ C&B quyết định` },
  }),
  onsiteWithdrawn: text<Item>({
    title: { en: (p) => `Onsite request #${p.id} "${p.title}" was withdrawn`, vi: (p) => `Yêu cầu ${onsite(p)} đã được rút lại` },
  }),

  // Overtime (RULES.md §6)
  overtimeCreated: text<Item & { name: string }>({
    title: {
      en: (p) => `Overtime request #${p.id} "${p.title}" of ${p.name} is assigned to you`,
      vi: (p) => `Yêu cầu ${overtime(p)} của ${p.name} được chuyển đến bạn để phê duyệt`,
    },
  }),
  overtimeAssigned: text<Item>({
    title: { en: (p) => `Overtime request #${p.id} "${p.title}" is assigned to you`, vi: (p) => `Yêu cầu ${overtime(p)} được chuyển đến bạn để phê duyệt` },
  }),
  overtimeDecided: text<Item & { name: string; decision: Decision }>({
    title: {
      en: (p) => `${p.name} ${p.decision} overtime "${p.title}" (#${p.id})`,
      vi: (p) => `${p.name} ${viDecided(p.decision)} yêu cầu làm thêm giờ (OT) "${p.title}" (#${p.id})`,
    },
  }),
  overtimeWithdrawn: text<Item>({
    title: { en: (p) => `Overtime "${p.title}" (#${p.id}) was withdrawn`, vi: (p) => `Yêu cầu làm thêm giờ (OT) "${p.title}" (#${p.id}) đã được rút lại` },
  }),
  overtimeAwaitsApproval: text<Item>({
    title: { en: (p) => `Overtime request #${p.id} "${p.title}" awaits your approval`, vi: (p) => `Yêu cầu ${overtime(p)} đang chờ bạn phê duyệt` },
  }),
  overtimeStageDecided: text<Item & { stage: 'pm' | 'manager'; decision: Decision }>({
    title: {
      en: (p) => `${p.stage === 'pm' ? 'The PM' : 'The manager'} ${p.decision} your overtime request #${p.id} "${p.title}"`,
      vi: (p) => `${p.stage === 'pm' ? 'Quản lý dự án (PM)' : 'Quản lý'} ${viDecided(p.decision)} yêu cầu ${overtime(p)} của bạn`,
    },
  }),
  overtimePayConfirmed: text<Item>({
    title: {
      en: (p) => `The OT pay of overtime request #${p.id} "${p.title}" was confirmed and awaits your approval`,
      vi: (p) => `Giờ làm thêm tính lương của yêu cầu ${overtime(p)} đã được xác nhận và đang chờ bạn phê duyệt`,
    },
  }),
  overtimeCancelled: text<Item>({
    title: { en: (p) => `The overtime request #${p.id} "${p.title}" was cancelled`, vi: (p) => `Yêu cầu ${overtime(p)} đã bị hủy` },
  }),
  overtimeComment: text<{ name: string; title: string }>({
    title: { en: (p) => `${p.name} commented on overtime "${p.title}"`, vi: (p) => `${p.name} đã bình luận về yêu cầu làm thêm giờ (OT) "${p.title}"` },
  }),

  // Timesheet review (RULES.md §4)
  timesheetSentForReview: text<Period>({
    title: { en: () => TIMESHEET_REVIEW_MESSAGES.notifyReviewTitle, vi: () => 'Một bảng công đã được gửi duyệt' },
    body: { en: (p) => `Timesheet ${periodLabel(p)} was sent for review by ${p.by}`, vi: (p) => `Bảng công ${periodLabel(p)} đã được ${p.by} gửi duyệt` },
  }),
  timesheetApproved: text<Period>({
    title: { en: () => TIMESHEET_REVIEW_MESSAGES.notifyApprovedTitle, vi: () => 'Bảng công đã được phê duyệt' },
    body: { en: (p) => `Timesheet ${periodLabel(p)} was approved by ${p.by}`, vi: (p) => `Bảng công ${periodLabel(p)} đã được ${p.by} phê duyệt` },
  }),
  timesheetRejected: text<Period & { status: number; comment: string }>({
    title: { en: () => TIMESHEET_REVIEW_MESSAGES.notifyRejectedTitle, vi: () => 'Bảng công bị từ chối' },
    body: {
      en: (p) => `Timesheet ${periodLabel(p)} (${TIMESHEET_STATUS_NAMES[p.status as TimesheetStatus] ?? String(p.status)}) was rejected by ${p.by}: ${p.comment}`,
      vi: (p) => `Bảng công ${periodLabel(p)} (${TIMESHEET_STATUS_NAMES_VI[p.status as TimesheetStatus] ?? String(p.status)}) đã bị ${p.by} từ chối: ${p.comment}`,
    },
  }),

  // Background work finished (spec 001 §8)
  workingDayCalculated: text<{ date: string; allEmployees: boolean; employees: number; days: number; changedDays: number }>({
    title: { en: () => TIMESHEET_CALC_MESSAGES.finishedTitle, vi: () => 'Tính công đã hoàn tất' },
    body: {
      en: (p) =>
        `Working day ${textDate(p.date)} calculated for ${p.allEmployees ? 'all employees' : plural(p.employees, 'employee')}: ${plural(p.days, 'day')} computed, ${p.changedDays} changed.`,
      vi: (p) =>
        `Đã tính công ngày ${textDate(p.date)} cho ${p.allEmployees ? 'tất cả nhân viên' : `${textNumber('vi', p.employees)} nhân viên`}: ${textNumber('vi', p.days)} ngày được tính, ${textNumber('vi', p.changedDays)} ngày thay đổi.`,
    },
  }),
  salaryRecalculated: text<{ requests: number; lines: number }>({
    title: { en: () => PAYROLL_CONFIG_MESSAGES.recalculateDone, vi: () => 'Tính lại lương làm thêm giờ đã hoàn tất' },
    body: {
      en: (p) => `Overtime pay recomputed with the current coefficients: ${plural(p.requests, 'request')}, ${plural(p.lines, 'line')}.`,
      vi: (p) => `Đã tính lại lương làm thêm giờ theo hệ số hiện hành: ${textNumber('vi', p.requests)} yêu cầu, ${textNumber('vi', p.lines)} dòng.`,
    },
  }),

  // Backups (issue 24): the body is the technical detail, as it was logged
  backupFailed: text<{ verification: boolean }>({
    title: {
      en: (p) => (p.verification ? 'A backup failed its verification' : 'A backup failed'),
      vi: (p) => (p.verification ? 'Bản sao lưu không vượt qua bước kiểm tra' : 'Sao lưu thất bại'),
    },
  }),

  // Scheduled reminders (issue 30 §4, docs/reminders.md): dates YYYY-MM-DD in the parameters, DD/MM/YYYY in the text
  reminderApprovals: text<{ count: number; days: number; oldestDate: string; oldestTitle: string; oldestName: string }>({
    title: {
      en: (p) => `${plural(p.count, 'item')} ${p.count === 1 ? 'has' : 'have'} waited for your approval for more than ${plural(p.days, 'working day')}`,
      vi: (p) => `${textNumber('vi', p.count)} mục đã chờ bạn phê duyệt quá ${textNumber('vi', p.days)} ngày làm việc`,
    },
    body: {
      en: (p) => `The oldest, filed on ${textDate(p.oldestDate)}: "${p.oldestTitle}" of ${p.oldestName}.`,
      vi: (p) => `Mục lâu nhất, gửi ngày ${textDate(p.oldestDate)}: "${p.oldestTitle}" của ${p.oldestName}.`,
    },
  }),
  reminderExplanation: text<{ count: number; firstDate: string; deadline: string; hour: string }>({
    title: {
      en: (p) => `Explain ${plural(p.count, 'abnormal case')} before ${textDate(p.deadline)} ${p.hour}`,
      vi: (p) => `Hãy giải trình ${textNumber('vi', p.count)} trường hợp bất thường trước ${p.hour} ngày ${textDate(p.deadline)}`,
    },
    body: {
      en: (p) => `The earliest is on ${textDate(p.firstDate)}. After the deadline, explanations of these days are closed.`,
      vi: (p) => `Trường hợp sớm nhất vào ngày ${textDate(p.firstDate)}. Sau hạn này, không thể giải trình các ngày đó nữa.`,
    },
  }),
  reminderCheckOut: text<{ dates: string[] }>({
    title: {
      en: (p) => `No check-out recorded on ${p.dates.map(textDate).join(', ')}`,
      vi: (p) => `Chưa có giờ ra (check-out) ngày ${p.dates.map(textDate).join(', ')}`,
    },
    body: {
      en: () => 'You checked in but no check-out was recorded. Please explain it before the deadline.',
      vi: () => 'Bạn đã chấm công vào nhưng chưa có giờ ra. Vui lòng giải trình trước hạn.',
    },
  }),
  reminderPeriod: text<{ count: number; oldest: string; oldestTo: string }>({
    title: {
      en: (p) => `${plural(p.count, 'payroll period')} ended and ${p.count === 1 ? 'is' : 'are'} not yet sent for review`,
      vi: (p) => `${textNumber('vi', p.count)} kỳ lương đã kết thúc nhưng chưa gửi duyệt bảng công`,
    },
    body: {
      en: (p) => `The oldest: ${p.oldest}, ended on ${textDate(p.oldestTo)}.`,
      vi: (p) => `Kỳ lâu nhất: ${p.oldest}, kết thúc ngày ${textDate(p.oldestTo)}.`,
    },
  }),
} as const;

export type NotificationTextKey = keyof typeof NOTIFICATION_TEXTS;
export type NotificationTextParams<K extends NotificationTextKey> = Parameters<(typeof NOTIFICATION_TEXTS)[K]['title']['en']>[0];
/** What a writer hands over and what is stored (`text_key`, `text_params`). */
export type NotificationText = { [K in NotificationTextKey]: { key: K; params: NotificationTextParams<K> } }[NotificationTextKey];

export function isNotificationTextKey(key: unknown): key is NotificationTextKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(NOTIFICATION_TEXTS, key);
}

/** Every calendar date (YYYY-MM-DD, not part of a timestamp) in a stored text, written DD/MM/YYYY. */
export function datesAsDmy(text: string): string {
  return text.replace(/(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\dT-])/g, (_m, y: string, mo: string, d: string) => `${d}/${mo}/${y}`);
}

const decisionOf = (word: string | undefined): Decision => (word === 'approved' ? 'approved' : 'rejected');

/**
 * The titles written before issue 25, when a notification was stored as an English sentence with its dates as
 * YYYY-MM-DD ('Explanation of An for 2026-11-23 is assigned to you'). Recognised, they are rendered from the catalogue
 * like any newer row, in the reader's language with DD/MM/YYYY dates (issue 26 §11).
 */
const LEGACY_TITLES: readonly { pattern: RegExp; text: (m: RegExpMatchArray) => NotificationText }[] = [
  { pattern: /^Explanation of (.+) for (\d{4}-\d{2}-\d{2}) is assigned to you$/, text: (m) => ({ key: 'explanationAssigned', params: { name: m[1]!, date: m[2]! } }) },
  { pattern: /^Your explanation for (\d{4}-\d{2}-\d{2}) was (approved|rejected)$/, text: (m) => ({ key: 'explanationDecided', params: { date: m[1]!, decision: decisionOf(m[2]) } }) },
  { pattern: /^Request #(\d+) of (.+) is assigned to you$/, text: (m) => ({ key: 'requestAssigned', params: { id: Number(m[1]), name: m[2]! } }) },
  { pattern: /^Request #(\d+) is assigned to you$/, text: (m) => ({ key: 'requestReassigned', params: { id: Number(m[1]) } }) },
  { pattern: /^Your request #(\d+) was (approved|rejected)$/, text: (m) => ({ key: 'requestDecided', params: { id: Number(m[1]), decision: decisionOf(m[2]) } }) },
];

export function legacyNotificationText(title: string): NotificationText | null {
  for (const legacy of LEGACY_TITLES) {
    const match = title.match(legacy.pattern);
    if (match) return legacy.text(match);
  }
  return null;
}

/**
 * Title and body of a notification in `language`. `body` is the free text stored with it (a reason, a comment), used
 * when the text has no body of its own. A row without a key is rendered from the catalogue when its stored title is
 * one of the old English sentences; otherwise — or with an unknown key or parameters that no longer fit — it is shown
 * as stored (`fallback`: its English title and body) with its dates written DD/MM/YYYY.
 */
export function renderNotificationText(
  stored: { key: string | null | undefined; params: unknown },
  language: Language,
  fallback: { title: string; body: string | null },
): { title: string; body: string | null } {
  const asStored = { title: datesAsDmy(fallback.title), body: fallback.body === null ? null : datesAsDmy(fallback.body) };
  const legacy = stored.key ? null : legacyNotificationText(fallback.title);
  const key = legacy ? legacy.key : stored.key;
  const params = legacy ? legacy.params : stored.params;
  if (!isNotificationTextKey(key) || typeof params !== 'object' || params === null) return asStored;
  const t = NOTIFICATION_TEXTS[key] as Text<unknown>;
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  try {
    return { title: t.title[lang](params), body: t.body ? t.body[lang](params) : fallback.body };
  } catch {
    return asStored;
  }
}
