import type { Translation } from '../../../../../lib/i18n.ts';
import type { en } from './en.ts';

/** Trường tự chấm công của chính sách (issue 28): tiếng Việt. */
export const vi: Translation<typeof en> = {
  policy: {
    mode: 'Tự chấm công',
    places: 'Địa điểm chấm công',
    placesRequired: 'Hãy chọn ít nhất một địa điểm chấm công',
    modes: {
      OFF: 'Tắt',
      LISTED_PLACES: 'Tại các địa điểm đã chọn',
      ANY_PLACE: 'Tại mọi địa điểm chấm công',
      ANYWHERE: 'Mọi nơi (có ghi vị trí)',
    },
  },
};
