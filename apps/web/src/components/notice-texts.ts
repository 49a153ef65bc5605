import { commonTexts } from './i18n/index.ts';

/**
 * The texts lib/notify.ts writes itself (namespace `common`), read when the notice shows so they follow the reader's
 * language: the title of a failure notice and the fallback for an error without a message.
 */
export const noticeTexts = {
  errorTitle: () => commonTexts.t('notice.errorTitle'),
  somethingWentWrong: () => commonTexts.t('notice.somethingWentWrong'),
};
