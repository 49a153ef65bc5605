import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
import type { Language } from '@tms/contracts/language';

/**
 * antd's and dayjs's locale for a language (issue 25): month and weekday names, date pickers, relative times. English
 * is antd's and dayjs's built-in default; Vietnamese loads on first use, so the login page does not carry it.
 * Formats stay the product's own in both (DD/MM/YYYY, HH:mm: lib/dates.ts).
 */
export async function loadLocale(language: Language): Promise<Locale | undefined> {
  if (language === 'en') {
    dayjs.locale('en');
    return undefined;
  }
  const [antd] = await Promise.all([import('antd/es/locale/vi_VN'), import('dayjs/locale/vi')]);
  dayjs.locale('vi');
  return antd.default;
}
