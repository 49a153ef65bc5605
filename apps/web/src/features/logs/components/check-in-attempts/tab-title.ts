import { checkInAttemptsTexts } from './i18n/index.ts';

/** The Logs page's title of the Check-in attempts tab, in the language on screen. */
export function useCheckInAttemptsTitle(): string {
  return checkInAttemptsTexts.useT().t('attempts.tab');
}
