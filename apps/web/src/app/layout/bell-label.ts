import { layoutTexts } from './i18n/index.ts';

type LayoutT = typeof layoutTexts.t;

/**
 * The bell's accessible name (issue 26 §4): what it is and how many are unread ('Notifications, 13 unread'), just
 * 'Notifications' when none is. The badge's number alone would be read as "13, button".
 */
export function bellLabel(unread: number, t: LayoutT = layoutTexts.t): string {
  return unread > 0 ? t('bell.unread', { count: unread }) : t('bell.title');
}
