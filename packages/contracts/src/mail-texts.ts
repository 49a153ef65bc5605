import type { Language } from './language.ts';
import { textDate, textNumber } from './notification-texts.ts';
import { TIMESHEET_EXPORT_MESSAGES } from './timesheet-export.ts';

/**
 * The texts of mails that are not a notification's (issue 25): each mail is written in its recipient's language
 * (docs/glossary.md). The English is the text these mails have always had; the spec's subject of the period summary
 * is imported from its table.
 */
export const MAIL_TEXTS: {
  greeting: Record<Language, (name: string) => string>;
  /** The line that links a notification's mail to its item. */
  open: Record<Language, (link: string) => string>;
  specialExplanation: Record<
    Language,
    {
      subject: (p: { action: 'recorded' | 'updated'; date: string }) => string;
      body: (p: { action: 'recorded' | 'updated'; date: string; hours: number; type: string }) => string;
      timesheet: (link: string) => string;
    }
  >;
  timesheetSummary: Record<
    Language,
    {
      subject: (period: string) => string;
      intro: (p: { period: string; from: string; to: string }) => string;
      /** Date, check in, check out, value. */
      headings: readonly [string, string, string, string];
      totalWorkdayLabel: string;
      totalWorkday: (p: { total: number; workingDays: number }) => string;
      abnormalDays: string;
      lateComingDays: string;
      earlyLeavingDays: string;
    }
  >;
} = {
  greeting: { en: (name) => `Dear ${name},`, vi: (name) => `Kính gửi ${name},` },
  open: { en: (link) => `Open: ${link}`, vi: (link) => `Xem chi tiết: ${link}` },
  specialExplanation: {
    en: {
      subject: (p) => `Special explanation ${p.action}: ${textDate(p.date)}`,
      body: (p) => `A special explanation of ${textNumber('en', p.hours, 2)} hour(s) (${p.type}) was ${p.action} for you on ${textDate(p.date)}.`,
      timesheet: (link) => `See your timesheet: ${link}`,
    },
    vi: {
      subject: (p) => `Giải trình đặc biệt ${p.action === 'recorded' ? 'đã được ghi nhận' : 'đã được cập nhật'}: ${textDate(p.date)}`,
      body: (p) =>
        `Một giải trình đặc biệt ${textNumber('vi', p.hours, 2)} giờ (${p.type}) ${p.action === 'recorded' ? 'đã được ghi nhận' : 'đã được cập nhật'} cho bạn vào ngày ${textDate(p.date)}.`,
      timesheet: (link) => `Xem bảng công của bạn: ${link}`,
    },
  },
  timesheetSummary: {
    en: {
      subject: (period) => TIMESHEET_EXPORT_MESSAGES.emailSubject(period),
      intro: (p) => `Your timesheet summary for ${p.period} (${textDate(p.from)} - ${textDate(p.to)})`,
      headings: ['Date', 'Check In', 'Check Out', 'Value'],
      totalWorkdayLabel: 'Total workday',
      totalWorkday: (p) => `${textNumber('en', p.total)} / ${textNumber('en', p.workingDays)} working days`,
      abnormalDays: 'Abnormal days',
      lateComingDays: 'Late coming days',
      earlyLeavingDays: 'Early leaving days',
    },
    vi: {
      subject: (period) => `Tổng hợp bảng công ${period}`,
      intro: (p) => `Tổng hợp bảng công của bạn kỳ ${p.period} (${textDate(p.from)} - ${textDate(p.to)})`,
      headings: ['Ngày', 'Chấm công vào', 'Chấm công ra', 'Công'],
      totalWorkdayLabel: 'Tổng ngày công',
      totalWorkday: (p) => `${textNumber('vi', p.total)} / ${textNumber('vi', p.workingDays)} ngày công`,
      abnormalDays: 'Số ngày bất thường',
      lateComingDays: 'Số ngày đi muộn',
      earlyLeavingDays: 'Số ngày về sớm',
    },
  },
};
