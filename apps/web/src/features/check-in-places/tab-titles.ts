import { checkInPlacesTexts } from './i18n/index.ts';

/** The tab titles the Settings and Logs pages show for this feature's tabs, in the language on screen. */
export function useCheckInTabTitles() {
  const { t } = checkInPlacesTexts.useT();
  return { places: t('tabs.places'), kiosks: t('tabs.kiosks'), attempts: t('attempts.tab') };
}
