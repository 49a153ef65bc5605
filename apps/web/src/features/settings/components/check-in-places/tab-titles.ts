import { checkInPlacesTexts } from './i18n/index.ts';

/** The Settings page's titles of the Check-in places and Kiosks tabs, in the language on screen. */
export function useCheckInTabTitles() {
  const { t } = checkInPlacesTexts.useT();
  return { places: t('tabs.places'), kiosks: t('tabs.kiosks') };
}
